import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { AuditLogResponse } from '../../src/shared/coach-api/audit';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../src/shared/site-config';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { ownOrigin, setTestPassword, signedIn } from '../test/coach-session';
import { sqliteDb, testConfig } from '../test/helpers';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { pngImage, svgImage } from '../test/images';
import { checkImage, imagePath } from './image';

let app: FastifyInstance | undefined;
function running(): FastifyInstance {
  if (!app) throw new Error('start the app first');
  return app;
}
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<ServerConfig> = {}) {
  app = await buildApp(testConfig(overrides));
  await setTestPassword(app);
  return { app, request: await signedIn(app) };
}

/** The settings block of a page as the visitor's browser reads it, and the page's HTML. */
async function page(path = '/'): Promise<{ html: string; settings: SiteConfig }> {
  const response = await running().inject({ method: 'GET', url: path });
  const html = response.body;
  const json = new RegExp(`<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  return { html, settings: JSON.parse(json ?? 'null') as SiteConfig };
}

test('a change is checked, stored, audit-logged old → new, and in the next page served, without a restart', async () => {
  const { request } = await start();
  const response = await request({ method: 'PATCH', url: coachApi.settings, payload: { coachName: '  Dana   Reyes ', courseUrl: 'https://dana.example/course' } });
  expect(response.statusCode).toBe(200);
  const body = response.json<SettingsResponse>();
  expect(body.values).toMatchObject({ coachName: 'Dana Reyes', courseUrl: 'https://dana.example/course' });
  expect(body.sources).toMatchObject({ coachName: 'dashboard', courseUrl: 'dashboard', privacyUrl: 'default' });

  const { html, settings } = await page('/');
  expect(html).toContain('<p>A quiz by Dana Reyes</p>');
  expect(settings.coach.name).toBe('Dana Reyes');
  expect(settings.course.url).toBe('https://dana.example/course');
  expect((await page('/quiz')).settings.coach.name).toBe('Dana Reyes');

  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries[0]).toMatchObject({
    action: 'settings_changed',
    actor: 'dashboard',
    fields: ['coachName', 'courseUrl'],
    changes: [
      { field: 'coachName', label: 'Your name', from: null, to: 'Dana Reyes', secret: false },
      { field: 'courseUrl', label: 'Course link', from: null, to: 'https://dana.example/course', secret: false },
    ],
  });
});

test('a bad value is refused with 400 naming the field, every problem listed, and nothing stored', async () => {
  const { request } = await start();
  const response = await request({ method: 'PATCH', url: coachApi.settings, payload: { courseUrl: 'javascript:alert(1)', coachName: 'x'.repeat(81) } });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: 'invalid_request',
    field: 'coachName',
    message: expect.stringMatching(/^Your name: at most 80 characters/),
    problems: [
      { field: 'coachName', message: expect.stringMatching(/^Your name:/) },
      { field: 'courseUrl', message: expect.stringMatching(/^Course link: .*javascript links are not allowed/) },
    ],
  });
  expect((await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>().values).toMatchObject({ coachName: null, courseUrl: null });
});

test('text the coach types never breaks out of the page’s settings block', async () => {
  const { request } = await start();
  const name = '</script><script>alert(1)</script><!--';
  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { coachName: name } })).statusCode).toBe(200);
  const { html, settings } = await page('/');
  expect(html.match(/<\/script>/g)).toHaveLength(1);
  expect(html).not.toContain('<script>alert(1)');
  expect(settings.coach.name).toBe(name);
});

test('a setting the environment sets wins, shows as read-only, and cannot be changed here', async () => {
  const { request } = await start({ environmentSettings: { privacyUrl: 'https://server.example/privacy' } });
  const settings = (await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>();
  expect(settings.values.privacyUrl).toBe('https://server.example/privacy');
  expect(settings.sources.privacyUrl).toBe('environment');
  expect(settings.variables.privacyUrl).toBe('PRIVACY_URL');
  const refused = await request({ method: 'PATCH', url: coachApi.settings, payload: { privacyUrl: 'https://mine.example/privacy' } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ field: 'privacyUrl', message: expect.stringContaining('PRIVACY_URL') });
});

test('consent wording set in the dashboard is a new version the server checks submissions against; stored records keep theirs', async () => {
  const { request } = await start();
  const before = (await page('/results')).settings.consentVersion;
  const submit = (email: string, version: string | null) =>
    running().inject({
      method: 'POST',
      url: '/api/leads',
      payload: { email, firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3], consent: { version, marketing: true } },
    });
  expect((await submit('first@example.com', before)).statusCode).toBe(201);

  await request({ method: 'PATCH', url: coachApi.settings, payload: { consentCheckbox: true, consentText: 'Yes, send me tips.' } });
  const after = (await page('/results')).settings;
  expect(after.consentCheckboxText).toBe('Yes, send me tips.');
  expect(after.consentVersion).not.toBe(before);
  // A page loaded before the change sends the old version: stored as such, no consent claimed.
  expect((await submit('late@example.com', before)).statusCode).toBe(201);
  expect((await submit('new@example.com', after.consentVersion)).statusCode).toBe(201);

  type Row = { consent_version: string | null; consent_wording: string | null; marketing_consent: number | null };
  const consentOf = (email: string) =>
    sqliteDb(running())
      .prepare<[string], Row>('SELECT consent_version, consent_wording, marketing_consent FROM submissions WHERE email = ?')
      .get(email);
  // Stored before the change: the wording of then, kept.
  expect(consentOf('first@example.com')).toEqual({ consent_version: before, consent_wording: expect.not.stringContaining('Checkbox'), marketing_consent: null });
  expect(consentOf('late@example.com')).toEqual({ consent_version: before, consent_wording: null, marketing_consent: null });
  expect(consentOf('new@example.com')).toEqual({
    consent_version: after.consentVersion,
    consent_wording: expect.stringContaining('Checkbox (unticked at first): Yes, send me tips.'),
    marketing_consent: 1,
  });
});

test('a photo is checked by content, stored, and served from our origin by its hash, cached for good', async () => {
  const { request } = await start();
  const png = pngImage(200, 160);
  // Whatever type the browser guessed: the bytes decide.
  const response = await request({ method: 'PUT', url: coachApi.settingsPhoto, headers: { 'content-type': 'application/octet-stream' }, payload: png });
  expect(response.statusCode).toBe(200);
  const { photoUrl, values } = response.json<SettingsResponse>();
  expect(photoUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  expect(values.coachPhoto).toMatchObject({ contentType: 'image/png', width: 200, height: 160 });

  const served = await running().inject({ method: 'GET', url: photoUrl ?? '' });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // Re-encoded (without metadata): the same picture, not the same bytes.
  expect(imageSize(served.rawPayload)).toMatchObject({ type: 'png', width: 200, height: 160 });
  expect((await page('/')).settings.coach.photo).toEqual({ url: photoUrl, width: 200, height: 160 });

  // Another extension for the same hash, or a hash never stored: not found.
  expect((await running().inject({ method: 'GET', url: (photoUrl ?? '').replace('.png', '.jpg') })).statusCode).toBe(404);
  expect((await running().inject({ method: 'GET', url: `/media/${'0'.repeat(64)}.png` })).statusCode).toBe(404);

  // Removed: gone from the settings, the pages and the address.
  const removed = await request({ method: 'DELETE', url: coachApi.settingsPhoto });
  expect(removed.json<SettingsResponse>().photoUrl).toBeNull();
  expect((await running().inject({ method: 'GET', url: photoUrl ?? '' })).statusCode).toBe(404);
});

test('a photo is stored and served without its metadata: no EXIF, no GPS, no comment', async () => {
  const { request } = await start();
  const tagged = await sharp(pngImage(200, 160))
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { ImageDescription: 'GPS 52.5200 N 13.4050 E, at home', Artist: 'Sam Rivera' } })
    .toBuffer();
  // A comment segment (COM) right after the start of the image, as cameras and editors write them.
  const comment = Buffer.from('a private comment');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  const jpeg = Buffer.concat([tagged.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, tagged.subarray(2)]);
  expect(jpeg.includes('at home') && jpeg.includes('a private comment')).toBe(true);
  const response = await request({ method: 'PUT', url: coachApi.settingsPhoto, headers: { 'content-type': 'image/jpeg' }, payload: jpeg });
  expect(response.statusCode).toBe(200);
  const served = (await running().inject({ method: 'GET', url: response.json<SettingsResponse>().photoUrl ?? '' })).rawPayload;
  for (const text of ['Exif', 'at home', 'Sam Rivera', 'a private comment']) expect(served.includes(text), text).toBe(false);
  const metadata = await sharp(served).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 160 });
  expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.comments?.length ?? 0]).toEqual([undefined, undefined, undefined, 0]);
});

test('a photo stored with its metadata before the re-encode is served without it, at the same address', async () => {
  const { app: instance } = await start();
  const tagged = await sharp(pngImage(200, 160))
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { ImageDescription: 'GPS 52.5200 N 13.4050 E, at home', Artist: 'Sam Rivera' } })
    .toBuffer();
  // Stored as an earlier version stored it: checked, but not re-encoded.
  const checked = checkImage(tagged);
  if (!checked.ok) throw new Error(checked.message);
  const stored = await instance.settings.setPhoto(checked.image, { actor: 'command line' }, Date.now());
  expect(stored.hash).toBe(checked.image.hash);
  const path = imagePath(stored);
  const served = await instance.inject({ method: 'GET', url: path });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/jpeg');
  for (const text of ['Exif', 'at home', 'Sam Rivera']) expect(served.rawPayload.includes(text), text).toBe(false);
  const metadata = await sharp(served.rawPayload).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 160 });
  expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
  // Looked at once: the second answer is the same bytes.
  expect((await instance.inject({ method: 'GET', url: path })).rawPayload.equals(served.rawPayload)).toBe(true);
});

test.each([
  ['an SVG', svgImage, 400, /SVG files are not accepted/],
  ['a 5 MB photo', Buffer.concat([pngImage(400, 400), Buffer.alloc(5 * 1024 * 1024)]), 413, /at most 1 MB \(this one is 5\.\d MB\)/],
  ['a 9 MB photo (not even read)', Buffer.alloc(9 * 1024 * 1024), 413, /^Photo or logo: at most 1 MB \(this one is 9\.0 MB\)/],
  ['text', Buffer.from('hello'), 400, /not a picture we can use/],
])('%s is refused with a clear message naming the field', async (_name, bytes, status, message) => {
  const { request } = await start();
  const response = await request({ method: 'PUT', url: coachApi.settingsPhoto, headers: { 'content-type': 'image/png' }, payload: bytes });
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ field: 'coachPhoto', message: expect.stringMatching(message) });
  expect((await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>().photoUrl).toBeNull();
});

test('every settings route answers 403 without the site’s own Origin, and changes nothing', async () => {
  const { request } = await start();
  for (const [method, url, payload] of [
    ['PATCH', coachApi.settings, { coachName: 'Mallory' }],
    ['PUT', coachApi.settingsPhoto, pngImage(100, 100)],
    ['DELETE', coachApi.settingsPhoto, undefined],
  ] as const) {
    const response = await request({ method, url, payload, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode, `${method} ${url}`).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden_origin' });
  }
  expect((await request({ method: 'GET', url: coachApi.settings, headers: { origin: ownOrigin } })).json<SettingsResponse>().values.coachName).toBeNull();
});
