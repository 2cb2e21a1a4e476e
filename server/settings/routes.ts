/**
 * The settings screen's API, inside the coach API (server/coach/routes.ts registers it, so its guard
 * applies: a session, and the site's own Origin for every change), and the public address of the
 * coach's picture.
 *
 *   GET    /api/coach/settings        every setting in force, where it comes from, secrets as set or not
 *   PATCH  /api/coach/settings        JSON of the settings to change (null: back to the default)
 *   PUT    /api/coach/settings/photo  the picture's bytes, checked by content
 *   DELETE /api/coach/settings/photo
 *   GET    /api/coach/settings/versions, POST .../versions/:revision/restore   the history (./history.ts)
 *   GET    /media/<sha256>.<ext>      the picture, for visitors' pages
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SettingsRefusal } from '../../src/shared/coach-api/settings';
import { checkSettingsChange, coachSettings, type SettingKey, type StoredImage } from '../../src/shared/coach-settings';
import type { OutboundPolicy } from '../outbound/allowed-hosts';
import { missingKeyMessage } from './secret-box';
import { savedAddressProblem } from '../outbound/connect';
import { historyRoutes } from './history';
import { settingsResponse } from './response';
import { checkImage, imagePath, MEDIA_PREFIX, servedBytes, tooLargeMessage, withoutMetadata } from './image';
import type { SettingsService } from './service';
import type { Actor, SettingsTable } from '../storage/storage';

/** Reading a bigger upload costs little, and lets a 5 MB photo hear its size and the limit. */
const UPLOAD_READ_LIMIT = 8 * 1024 * 1024;

/** `outbound`: where the server may connect (OUTBOUND_ALLOWED_HOSTS), which the webhook's and the mail server's addresses are held to. */
type Options = { settings: SettingsService; now: () => number; actor: (request: FastifyRequest) => Actor; outbound: OutboundPolicy };

/** The coach's own addresses the server connects to: refused here when written as an address it may not reach. */
const connectedTo = ['webhookUrl', 'smtpUrl', 'emailToolApiUrl'] as const;

const refuseSettings = (reply: FastifyReply, status: number, body: SettingsRefusal) => reply.code(status).send(body);

export const settingsRoutes: FastifyPluginAsync<Options> = async (app, { settings, now, actor, outbound }) => {
  app.get(coachApi.settings, async () => settingsResponse(settings));
  await app.register(historyRoutes, { settings, now, actor });

  app.patch(coachApi.settings, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const environment = new Set(Object.keys(settings.environment));
    const checked = checkSettingsChange(request.body, environment);
    if (!checked.ok) {
      const [first] = checked.problems;
      return refuseSettings(reply, 400, { error: 'invalid_request', field: first?.field ?? null, message: first?.message ?? '', problems: checked.problems });
    }
    const secrets = Object.entries(checked.values).filter(([key, value]) => value !== null && coachSettings[key as SettingKey].kind === 'secret');
    if (secrets.length > 0 && !settings.canStoreSecrets) {
      const problems = secrets.map(([field]) => ({ field, message: missingKeyMessage }));
      return refuseSettings(reply, 409, { error: 'settings_key_missing', field: problems[0]?.field ?? null, message: missingKeyMessage, problems });
    }
    const unreachable = connectedTo.flatMap((field) => {
      const value = checked.values[field];
      const problem = typeof value === 'string' ? savedAddressProblem(value, outbound) : null;
      return problem === null ? [] : [{ field, message: `${coachSettings[field].label}: ${problem}` }];
    });
    const [refused] = unreachable;
    if (refused) return refuseSettings(reply, 400, { error: 'invalid_request', ...refused, problems: unreachable });
    await settings.change(checked.values, actor(request), now());
    return settingsResponse(settings);
  });

  // The picture arrives as its own bytes, whatever type the browser guessed: it is judged by content.
  await app.register(async (upload) => {
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_READ_LIMIT }, (_request, body, done) => done(null, body));
    upload.setErrorHandler((error: { code?: string }, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      const length = Number(request.headers['content-length']);
      return refuseSettings(reply, 413, {
        error: 'payload_too_large',
        field: 'coachPhoto',
        message: tooLargeMessage(Number.isFinite(length) ? length : null),
        problems: [],
      });
    });
    upload.put(coachApi.settingsPhoto, { bodyLimit: UPLOAD_READ_LIMIT }, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const checked = checkImage(body);
      if (!checked.ok) {
        const status = body.length > 0 && checked.message.includes('at most 1 MB') ? 413 : 400;
        const problem = { field: 'coachPhoto', message: checked.message };
        return refuseSettings(reply, status, { error: status === 413 ? 'payload_too_large' : 'invalid_request', ...problem, problems: [problem] });
      }
      // Stored and served without its metadata (EXIF, GPS, comments): re-encoded first.
      const clean = await withoutMetadata(checked.image);
      if (!clean.ok) {
        const problem = { field: 'coachPhoto', message: clean.message };
        return refuseSettings(reply, 400, { error: 'invalid_request', ...problem, problems: [problem] });
      }
      await settings.setPhoto(clean.image, actor(request), now());
      return settingsResponse(settings);
    });
  });

  app.delete(coachApi.settingsPhoto, async (request) => {
    if (settings.values.coachPhoto !== null) await settings.removePhoto(actor(request), now());
    return settingsResponse(settings);
  });
};

const immutable = 'public, max-age=31536000, immutable';

/**
 * The coach's picture in force, from storage, for every instance alike (pictures earlier versions
 * show are kept for a restore, never served). The address is the content's hash, so it is cached for
 * good; nosniff and the stored type mean it is only ever shown as a picture.
 */
export const mediaRoutes: FastifyPluginAsync<{ table: SettingsTable; inForce: () => StoredImage | null }> = async (app, { table, inForce }) => {
  // The bytes served for the picture in force, by its hash: looked at (and cleaned, if it was stored
  // with metadata before the re-encode) once, not per request.
  let served: { hash: string; bytes: Promise<Buffer> } | null = null;
  app.get(`${MEDIA_PREFIX}:file`, async (request, reply) => {
    const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec((request.params as { file: string }).file);
    const picture = match?.[1] && match[1] === inForce()?.hash ? await table.readPicture(match[1]) : null;
    if (!picture || imagePath(picture) !== request.url.split('?')[0]) return reply.callNotFound();
    if (served?.hash !== picture.hash) served = { hash: picture.hash, bytes: servedBytes(picture.bytes) };
    const bytes = await served.bytes;
    return reply
      .header('content-type', picture.contentType)
      .header('cache-control', immutable)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(bytes);
  });
};
