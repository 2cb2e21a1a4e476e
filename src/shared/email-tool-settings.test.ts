import { expect, test } from 'vitest';
import { checkApiKey, checkApiUrl, checkEmailTool, checkListId, defaultApiUrl } from './email-tool-settings';

test.each([
  ['https://youraccount.api-us1.com/', { ok: true, value: 'https://youraccount.api-us1.com' }],
  ['https://us21.api.mailchimp.com', { ok: true, value: 'https://us21.api.mailchimp.com' }],
  ['http://127.0.0.1:4010', { ok: true, value: 'http://127.0.0.1:4010' }],
  ['http://api.brevo.com', { ok: false }],
  ['https://user:pass@api.brevo.com', { ok: false }],
  ['https://api.brevo.com/?key=1', { ok: false }],
  ['javascript:alert(1)', { ok: false }],
  ['', { ok: false }],
])('API address %j', (input, expected) => {
  expect(checkApiUrl('API address', input)).toMatchObject(expected);
});

test.each([
  ['kit', 'any', 'https://api.kit.com'],
  ['mailerlite', 'any', 'https://connect.mailerlite.com'],
  ['brevo', 'any', 'https://api.brevo.com'],
  ['mailchimp', '0123456789abcdef-us21', 'https://us21.api.mailchimp.com'],
  ['mailchimp', 'no-centre-here!', null],
  ['activecampaign', 'any', null],
] as const)('the %s address assumed with key %j', (tool, key, expected) => {
  expect(defaultApiUrl(tool, key)).toBe(expected);
});

test('a tool by its EMAIL_TOOL name in any case, a key on one line, a list id as the tools spell them', () => {
  expect(checkEmailTool('Tool', ' ActiveCampaign ')).toEqual({ ok: true, value: 'activecampaign' });
  expect(checkEmailTool('Tool', 'sendgrid').ok).toBe(false);
  expect(checkApiKey('Key', ' abc-123 ')).toEqual({ ok: true, value: 'abc-123' });
  expect(checkApiKey('Key', 'abc\u200b123').ok).toBe(false);
  expect(checkListId('List', 12)).toEqual({ ok: true, value: '12' });
  expect(checkListId('List', 'a b').ok).toBe(false);
});
