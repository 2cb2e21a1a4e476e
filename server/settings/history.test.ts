/**
 * The settings' history through the API: what each version changed in words (a secret only
 * "changed", its value nowhere), a restore in one step that the visitor's page follows at once and
 * the audit log records, and a clear refusal for a version not kept.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { AuditLogResponse, SettingsVersionsResponse } from '../../src/shared/coach-api/audit';
import { coachApi, restoreSettingsPath } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { buildApp } from '../app';
import { setTestPassword, signedIn } from '../test/coach-session';
import { testConfig } from '../test/helpers';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

async function start() {
  app = await buildApp(testConfig());
  await setTestPassword(app);
  return { app, request: await signedIn(app) };
}

test('each version says what it changed, old → new, a secret only as changed; a restore brings an earlier one back, logged', async () => {
  const { app, request } = await start();
  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { coachName: 'Sam Lee', consentCheckbox: true } })).statusCode).toBe(200);
  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { coachName: 'Dana Reyes', webhookSecret: secret } })).statusCode).toBe(200);

  const history = (await request({ method: 'GET', url: coachApi.settingsVersions })).json<SettingsVersionsResponse>();
  expect(history.versions.map((version) => [version.revision, version.current, version.actor, version.changes])).toEqual([
    [
      2,
      true,
      'dashboard',
      [
        { field: 'coachName', label: 'Your name', from: 'Sam Lee', to: 'Dana Reyes', secret: false },
        { field: 'webhookSecret', label: 'Webhook signing secret', from: null, to: null, secret: true },
      ],
    ],
    [
      1,
      false,
      'dashboard',
      [
        { field: 'coachName', label: 'Your name', from: null, to: 'Sam Lee', secret: false },
        { field: 'consentCheckbox', label: 'Marketing-consent box', from: null, to: 'on', secret: false },
      ],
    ],
    [0, false, null, []],
  ]);
  expect(JSON.stringify(history)).not.toContain(secret.slice(6, 20));

  const restored = await request({ method: 'POST', url: restoreSettingsPath(1) });
  expect(restored.statusCode).toBe(200);
  expect(restored.json<SettingsResponse>()).toMatchObject({ values: { coachName: 'Sam Lee' }, secretsSet: { webhookSecret: false } });
  // The visitor's page follows at once, on this instance.
  expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('A quiz by Sam Lee');

  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries[0]).toMatchObject({
    action: 'settings_restored',
    restoredFrom: 1,
    changes: [
      { field: 'coachName', from: 'Dana Reyes', to: 'Sam Lee' },
      { field: 'webhookSecret', from: null, to: null, secret: true },
    ],
  });
  expect(JSON.stringify(audit)).not.toContain(secret.slice(6, 20));
  // The restore is itself a version, which can be undone the same way.
  const after = (await request({ method: 'GET', url: coachApi.settingsVersions, query: { limit: '1' } })).json<SettingsVersionsResponse>();
  expect(after.versions[0]).toMatchObject({ revision: 3, current: true, restoredFrom: 1 });
  expect(after.nextCursor).toBe('3');
});

test('a version not kept, or not a number, is refused with 404 and a message; nothing changes', async () => {
  const { request } = await start();
  for (const path of [restoreSettingsPath(42), '/api/coach/settings/versions/abc/restore']) {
    const response = await request({ method: 'POST', url: path });
    expect(response.statusCode, path).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('not kept') });
  }
  const history = (await request({ method: 'GET', url: coachApi.settingsVersions })).json<SettingsVersionsResponse>();
  expect(history.versions).toHaveLength(1);
});

test('restoring needs a session and the site’s own Origin', async () => {
  const { app, request } = await start();
  expect((await app.inject({ method: 'POST', url: restoreSettingsPath(0) })).statusCode).toBe(401);
  const foreign = await request({ method: 'POST', url: restoreSettingsPath(0), headers: { origin: 'https://evil.example' } });
  expect(foreign.statusCode).toBe(403);
});
