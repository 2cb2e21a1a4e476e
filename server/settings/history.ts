/**
 * The history of the coach's settings: every write makes a version (server/storage, one
 * transaction with its audit entry), any kept version can be restored in one step, and the audit
 * log says what each change did, old → new, a secret only "changed" (src/shared/settings-history.ts).
 *
 *   GET  /api/coach/settings/versions?cursor&limit      the versions, newest first, with what each changed
 *   POST /api/coach/settings/versions/:revision/restore the settings become that version's, as a new one
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AuditEntry, SettingsVersion, SettingsVersionsResponse } from '../../src/shared/coach-api/audit';
import { coachApi } from '../../src/shared/coach-api/routes';
import { settingChanges } from '../../src/shared/settings-history';
import { parseCursor, parseLimit, valueOf } from '../coach/queries';
import { settingsResponse } from './response';
import type { SettingsService } from './service';
import type { Actor, StoredAuditEntry, StoredSettingsVersion } from '../storage/storage';

/** An audit entry as the dashboard reads it: a settings change with its values in words. */
export function auditEntryOf(entry: StoredAuditEntry): AuditEntry {
  const { settings, ...rest } = entry;
  return { ...rest, changes: settings === null ? null : settingChanges(settings.before, settings.after) };
}

/**
 * A page of versions from up to `limit + 1` stored ones, newest first: each with what it changed
 * from the one after it in the list (the one before it in time). The oldest kept has nothing to
 * compare with: it lists no changes.
 */
export function versionsPage(stored: StoredSettingsVersion[], limit: number, currentRevision: number): SettingsVersionsResponse {
  const page = stored.slice(0, limit);
  const versions: SettingsVersion[] = page.map((version, index) => {
    const older = stored[index + 1];
    return {
      revision: version.revision,
      at: new Date(version.at).toISOString(),
      actor: version.who?.actor ?? null,
      sessionId: version.who?.actor === 'dashboard' ? version.who.sessionId : null,
      signedIn: version.who?.actor === 'dashboard' && version.who.signedIn ? { browser: version.who.signedIn.browser, at: new Date(version.who.signedIn.at).toISOString() } : null,
      restoredFrom: version.restoredFrom,
      changes: older ? settingChanges(older.values, version.values) : [],
      current: version.revision === currentRevision,
    };
  });
  const last = page.at(-1);
  return { versions, nextCursor: stored.length > limit && last ? String(last.revision) : null };
}

type Options = { settings: SettingsService; now: () => number; actor: (request: FastifyRequest) => Actor };

export const historyRoutes: FastifyPluginAsync<Options> = async (app, { settings, now, actor }) => {
  app.get(coachApi.settingsVersions, async (request) => {
    const query = request.query as Record<string, unknown>;
    const limit = valueOf(parseLimit(query));
    // One more than the page, to know what the page's oldest changed (and whether there is more).
    const stored = await settings.versions(valueOf(parseCursor(query)), limit + 1);
    return versionsPage(stored, limit, settings.revision);
  });

  app.post(coachApi.restoreSettings, async (request, reply) => {
    const raw = (request.params as { revision: string }).revision;
    const revision = /^\d{1,15}$/.test(raw) ? Number(raw) : null;
    if (revision === null || !(await settings.restore(revision, actor(request), now()))) {
      return reply.code(404).send({ error: 'not_found', message: 'That version of the settings is not kept (any more). Choose one from the list.' });
    }
    return settingsResponse(settings);
  });
};
