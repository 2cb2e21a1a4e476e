import { describe, expect, test } from 'vitest';
import { checkSettingsChange, coachSettings, effectiveSettings, settingKeys, type SettingKey } from './coach-settings';

type Row = [name: string, key: SettingKey, input: unknown, expected: { value: unknown } | { message: RegExp }];

const rows: Row[] = [
  // Text: trimmed, spaces collapsed, NFC, bounded, no hidden characters.
  ['a name is trimmed and its spaces collapsed', 'coachName', '  Dana   Reyes ', { value: 'Dana Reyes' }],
  ['a name in decomposed form is stored composed', 'coachName', 'Rene\u0301e', { value: 'Renée' }],
  ['an empty name is refused, naming the field', 'coachName', '   ', { message: /^Your name: write something/ }],
  ['a name over 80 characters is refused with the limit', 'coachName', 'x'.repeat(81), { message: /^Your name: at most 80 characters \(this has 81\)/ }],
  ['a name with a right-to-left override is refused', 'coachName', 'Dana\u202eReyes', { message: /^Your name: remove the invisible/ }],
  ['a name that is not text is refused', 'coachName', 42, { message: /^Your name: send text/ }],
  ['markup in a name is kept as text (pages never read it as HTML)', 'coachName', '<b>Dana</b>', { value: '<b>Dana</b>' }],
  ['an intro keeps one line', 'coachIntro', 'ADHD coach\nfor founders', { value: 'ADHD coach for founders' }],
  // Paragraphs keep their line breaks, at most one empty line in a row.
  ['a pitch keeps its paragraphs', 'coursePitch', 'First.\r\n\r\n\r\n\r\nSecond  line.', { value: 'First.\n\nSecond line.' }],
  ['a pitch over 600 characters is refused', 'coursePitch', 'a'.repeat(601), { message: /^Course pitch: at most 600 characters/ }],
  ['a pitch with a zero-width space is refused', 'coursePitch', 'Hello\u200bthere', { message: /^Course pitch: remove the invisible/ }],
  // Links: https only, never javascript:, no credentials.
  ['an https course link is kept', 'courseUrl', ' https://coach.example/course ', { value: 'https://coach.example/course' }],
  ['a javascript: link is refused by name', 'courseUrl', 'javascript:alert(1)', { message: /^Course link: .*javascript links are not allowed/ }],
  ['a JavaScript: link in capitals is refused too', 'courseUrl', 'JaVaScRiPt:alert(1)', { message: /javascript links are not allowed/ }],
  ['a data: link is refused', 'courseUrl', 'data:text/html,<script>alert(1)</script>', { message: /data links are not allowed/ }],
  ['a plain http link is refused as not private', 'courseUrl', 'http://coach.example/course', { message: /^Course link: use https:\/\// }],
  ['http to this machine is allowed, for trying it out', 'courseUrl', 'http://127.0.0.1:4000/course', { value: 'http://127.0.0.1:4000/course' }],
  ['a relative link is refused', 'courseUrl', '/course', { message: /not a complete address/ }],
  ['a link with a password in it is refused', 'courseUrl', 'https://user:pw@coach.example/', { message: /remove the user name or password/ }],
  ['a link over 2000 characters is refused', 'courseUrl', `https://coach.example/${'a'.repeat(2000)}`, { message: /at most 2000 characters/ }],
  ['the help line takes a phone number, spaces dropped', 'helpLineUrl', 'tel:+1 555 123 4567', { value: 'tel:+15551234567' }],
  ['a course link does not take a phone number', 'courseUrl', 'tel:+15551234567', { message: /tel links are not allowed/ }],
  ['a phone link with letters is refused', 'helpLineUrl', 'tel:call-me', { message: /^Help line link: a phone link looks like/ }],
  // Toggles and time zones.
  ['the consent box is switched with a boolean', 'consentCheckbox', true, { value: true }],
  ['the consent box refuses "yes"', 'consentCheckbox', 'yes', { message: /^Marketing-consent box: send true/ }],
  ['a known time zone is kept', 'analyticsTimeZone', 'Europe/Berlin', { value: 'Europe/Berlin' }],
  ['an unknown time zone is refused', 'analyticsTimeZone', 'Mars/Olympus', { message: /^Analytics time zone: choose a time zone/ }],
  // The picture has its own upload.
  ['the photo cannot be set as JSON', 'coachPhoto', { hash: 'x' }, { message: /^Photo or logo: upload the picture itself/ }],
  // The webhook: https (http only to this machine), credentials as Basic authorization, a real signing key.
  ['a webhook address over https is kept, without its #part', 'webhookUrl', ' https://hooks.example.com/catch/1?key=a#x ', { value: 'https://hooks.example.com/catch/1?key=a' }],
  ['a webhook address over plain http is refused as not private', 'webhookUrl', 'http://hooks.example.com/in', { message: /^Webhook address: use https:\/\/ \(leads hold personal data/ }],
  ['a webhook address to this machine over http is allowed', 'webhookUrl', 'http://127.0.0.1:4260/hook', { value: 'http://127.0.0.1:4260/hook' }],
  ['a javascript: webhook address is refused by name', 'webhookUrl', 'javascript:alert(1)', { message: /^Webhook address: .*javascript addresses are not allowed/ }],
  ['a webhook address with user:password is kept (sent as Basic authorization)', 'webhookUrl', 'https://me:p%40ss@hooks.example.com/in', { value: 'https://me:p%40ss@hooks.example.com/in' }],
  ['a webhook user name with a colon is refused', 'webhookUrl', 'https://a%3Ab:c@hooks.example.com/', { message: /^Webhook address: a user name in it cannot hold a colon/ }],
  ['a broken %-code in the credentials is refused', 'webhookUrl', 'https://a%zz:c@hooks.example.com/', { message: /broken %-code/ }],
  ['a relative webhook address is refused', 'webhookUrl', '/hook', { message: /^Webhook address: use a complete address/ }],
  ['a whsec_ signing secret is kept', 'webhookSecret', `whsec_${btoa(String.fromCharCode(...new Array<number>(32).fill(7)))}`, { value: `whsec_${btoa(String.fromCharCode(...new Array<number>(32).fill(7)))}` }],
  ['a short whsec_ key is refused', 'webhookSecret', `whsec_${btoa(String.fromCharCode(...new Array<number>(16).fill(7)))}`, { message: /not a base64 key of at least 24 bytes/ }],
  ['a plain secret under 24 characters is refused', 'webhookSecret', 'short secret', { message: /^Webhook signing secret: at least 24 characters/ }],
  // The sites allowed to frame the quiz.
  ['allowed sites one per line', 'embedOrigins', 'https://coach.example\nhttps://www.coach.example/', { value: ['https://coach.example', 'https://www.coach.example'] }],
  ['an allowed site over http is refused', 'embedOrigins', 'http://coach.example', { message: /^Allowed sites: the site must start with https:\/\// }],
  // This computer is one rule for every address (src/shared/loopback.ts): all of 127.0.0.0/8, and ::1.
  ['a link to another loopback address over http is allowed', 'courseUrl', 'http://127.0.0.2:4000/course', { value: 'http://127.0.0.2:4000/course' }],
  ['a webhook address to another loopback address over http is allowed', 'webhookUrl', 'http://127.0.0.2:4260/hook', { value: 'http://127.0.0.2:4260/hook' }],
  ['a webhook address to ::1 over http is allowed', 'webhookUrl', 'http://[::1]:4260/hook', { value: 'http://[::1]:4260/hook' }],
  ['an allowed site on another loopback address over http is kept', 'embedOrigins', 'http://127.0.0.2:5173', { value: ['http://127.0.0.2:5173'] }],
  ['a link to a private address over http is refused', 'courseUrl', 'http://192.168.1.20/course', { message: /^Course link: use https:\/\// }],
  ['an allowed site with a path is refused', 'embedOrigins', 'https://coach.example/quiz', { message: /^Allowed sites: the site has a path/ }],
  // The look on the coach's site: every part together.
  ['a look is kept whole', 'embedLook', { accent: '#1d4ed8', hideChrome: true }, { value: { hideChrome: true, background: 'page', accent: '#1d4ed8', buttonText: null, buttonColour: null } }],
  ['a low-contrast accent is refused, saying against what', 'embedLook', { accent: '#ffd166' }, { message: /^Accent colour: White text on the buttons \(#ffd166\) would have a contrast of 1\.\d:1; text needs at least 4\.5:1/ }],
];

describe('each setting checks its value', () => {
  test.each(rows)('%s', (_name, key, input, expected) => {
    const result = checkSettingsChange({ [key]: input });
    if ('value' in expected) {
      expect(result).toEqual({ ok: true, values: { [key]: expected.value } });
    } else {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.problems).toEqual([{ field: key, message: expect.stringMatching(expected.message) }]);
    }
  });
});

test('null puts a setting back to its default', () => {
  expect(checkSettingsChange({ courseUrl: null, coachName: null })).toEqual({ ok: true, values: { courseUrl: null, coachName: null } });
});

test('every problem of a change is reported, in the form’s order, each naming its field', () => {
  const result = checkSettingsChange({ courseUrl: 'javascript:alert(1)', nickname: 'x', coachName: '' });
  expect(result).toEqual({
    ok: false,
    problems: [
      { field: 'nickname', message: 'There is no such setting.' },
      { field: 'coachName', message: expect.stringMatching(/^Your name:/) },
      { field: 'courseUrl', message: expect.stringMatching(/^Course link:/) },
    ],
  });
});

test('a setting the environment sets cannot be changed, and the message names the variable', () => {
  const result = checkSettingsChange({ privacyUrl: 'https://coach.example/privacy' }, new Set(['privacyUrl']));
  expect(result).toEqual({ ok: false, problems: [{ field: 'privacyUrl', message: expect.stringContaining('PRIVACY_URL') }] });
});

test.each([null, [], 'text', {}])('a body that is not an object with settings (%j) is refused', (body) => {
  const result = checkSettingsChange(body);
  expect(result.ok).toBe(false);
});

test('a message never repeats what was sent', () => {
  const sent = 'javascript:steal("secret-value")';
  const result = checkSettingsChange({ courseUrl: sent, coachName: `${'z'.repeat(90)}` });
  expect(JSON.stringify(result)).not.toContain('secret-value');
  expect(JSON.stringify(result)).not.toContain('z'.repeat(90));
});

test('every setting a variable can set names a distinct variable', () => {
  const variables = settingKeys.flatMap((key) => coachSettings[key].env ?? []);
  expect(new Set(variables).size).toBe(variables.length);
  expect(variables).toEqual(['PRIVACY_URL', 'CONSENT_CHECKBOX', 'CONSENT_TEXT', 'ANALYTICS_TIME_ZONE', 'LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET', 'EMBED_ORIGINS', 'SMTP_URL', 'MAIL_FROM', 'EMAIL_TOOL', 'EMAIL_TOOL_API_KEY', 'EMAIL_TOOL_API_URL', 'EMAIL_TOOL_LIST']);
});

test('the environment wins over the dashboard, which wins over the default', () => {
  const { values, sources } = effectiveSettings(
    { privacyUrl: 'https://coach.example/mine', coachName: 'Dana', analyticsTimeZone: 'Europe/Berlin' },
    { privacyUrl: 'https://server.example/privacy' },
  );
  expect(values).toMatchObject({ privacyUrl: 'https://server.example/privacy', coachName: 'Dana', analyticsTimeZone: 'Europe/Berlin', consentCheckbox: false, courseUrl: null });
  expect(sources).toMatchObject({ privacyUrl: 'environment', coachName: 'dashboard', analyticsTimeZone: 'dashboard', consentCheckbox: 'default', courseUrl: 'default' });
});

test('a consent box switched off in the environment wins over one switched on in the dashboard', () => {
  expect(effectiveSettings({ consentCheckbox: true }, { consentCheckbox: false }).values.consentCheckbox).toBe(false);
});
