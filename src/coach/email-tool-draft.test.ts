import { expect, test } from 'vitest';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { ToolCheckResult } from '../shared/email-tool-api';
import { emptySettings, settingDefaults, settingKeys } from '../shared/coach-settings';
import { defaultTagMapping } from '../shared/email-tool-labels';
import { assumedApiUrl, checkRequestOf, checksSavedKey, labelsChange, nobodyCanConfirm, savedKeyRefusal, savedListWords, toolInForce, toolStatus } from './email-tool-draft';

function settings(values: Partial<SettingsResponse['values']> = {}, environment: string[] = [], secretsSet: SettingsResponse['secretsSet'] = {}): SettingsResponse {
  return {
    values: { ...emptySettings, ...settingDefaults, ...values },
    sources: Object.fromEntries(settingKeys.map((key) => [key, environment.includes(key) ? 'environment' : key in values ? 'dashboard' : 'default'])) as SettingsResponse['sources'],
    variables: {},
    secretsSet,
    shown: {},
    photoUrl: null,
  };
}

test('the mapping is sent only when it differs from the one in force, and then whole', () => {
  expect(labelsChange(settings(), defaultTagMapping)).toEqual({});
  const renamed = { ...defaultTagMapping, strength: { on: false, name: 'Strong at' } };
  expect(labelsChange(settings(), renamed)).toEqual({ emailToolLabels: renamed });
  expect(labelsChange(settings({ emailToolLabels: renamed }), renamed)).toEqual({});
});

test('the parts of the mapping changed here are laid over the mapping saved meanwhile elsewhere', () => {
  const phone = { ...defaultTagMapping, everyone: { on: true, name: 'Quiz lead' } };
  const laptop = { ...defaultTagMapping, pattern: { on: true, name: 'Profile' } };
  // The laptop loaded ours, the phone saved its rename since: both are kept.
  expect(labelsChange(settings(), laptop, settings({ emailToolLabels: phone }))).toEqual({ emailToolLabels: { ...phone, pattern: { on: true, name: 'Profile' } } });
  // The same part changed on both: this save wins.
  expect(labelsChange(settings(), { ...defaultTagMapping, everyone: { on: false, name: 'Quiz lead' } }, settings({ emailToolLabels: phone }))).toEqual({
    emailToolLabels: { ...defaultTagMapping, everyone: { on: false, name: 'Quiz lead' } },
  });
  // Changed here to what was saved meanwhile: nothing left to send.
  expect(labelsChange(settings(), phone, settings({ emailToolLabels: phone }))).toEqual({});
});

test('checking a key asks with the draft, leaving out what the environment sets and what is empty', () => {
  const drafts = { emailTool: 'brevo', emailToolApiKey: ' xkeysib-1 ', emailToolApiUrl: '' };
  expect(checkRequestOf(settings(), drafts)).toEqual({ tool: 'brevo', apiKey: 'xkeysib-1' });
  expect(checkRequestOf(settings({ emailTool: 'kit' }, ['emailTool']), drafts)).toEqual({ apiKey: 'xkeysib-1' });
  expect(checkRequestOf(settings(), {})).toEqual({});
});

test('the address assumed follows the tool and, for Mailchimp, the key pasted', () => {
  expect(assumedApiUrl(settings(), { emailTool: 'brevo' })).toBe('https://api.brevo.com');
  expect(assumedApiUrl(settings(), { emailTool: 'mailchimp', emailToolApiKey: 'abc-us21' })).toBe('https://us21.api.mailchimp.com');
  expect(assumedApiUrl(settings(), { emailTool: 'activecampaign' })).toBeNull();
  expect(assumedApiUrl(settings({ emailTool: 'kit' }, ['emailTool']), { emailTool: 'brevo' })).toBe('https://api.kit.com');
});

test('the tool is on once a tool and a key are saved', () => {
  expect(toolInForce(settings({ emailTool: 'brevo' }))).toEqual({ on: false });
  expect(toolInForce(settings({ emailTool: 'brevo' }, [], { emailToolApiKey: true }))).toEqual({ on: true, tool: 'Brevo', when: 'submitted' });
  expect(toolInForce(settings({ emailTool: 'kit', consentCheckbox: true }, [], { emailToolApiKey: true }))).toEqual({ on: true, tool: 'Kit', when: 'confirmed' });
});

test('nobody can confirm with the consent box on and mail off', () => {
  expect(nobodyCanConfirm(settings({ consentCheckbox: true }), { on: false })).toBe(true);
  expect(nobodyCanConfirm(settings({ consentCheckbox: true }), { on: true })).toBe(false);
  expect(nobodyCanConfirm(settings({ consentCheckbox: false }), { on: false })).toBe(false);
  expect(nobodyCanConfirm(settings({ consentCheckbox: true }), null)).toBe(false);
});

const brevo = settings({ emailTool: 'brevo' }, [], { emailToolApiKey: true });
const brevoConsent = settings({ emailTool: 'brevo', consentCheckbox: true }, [], { emailToolApiKey: true });
const keyNotFound = { status: 401, detail: 'Key not found' };
const mailOn = { on: true };
const mailOff = { on: false };
const consentFix = /set up “Sending e-mail” above, or switch the consent box off\.$/i;

// Every state of the section gives one status: never "On" beside a problem, each problem with what to do.
test.each([
  ['no tool', settings(), mailOn, null, null, 'off', /^Off: choose your tool and paste its API key to start\.$/, null],
  ['no tool, the consent box on and mail off', settings({ consentCheckbox: true }), mailOff, null, null, 'off', /^Off: choose your tool .* only once they confirm by e-mail, and e-mail is off: set up “Sending e-mail” above/, null],
  ['on, the consent box off', brevo, mailOff, null, null, 'on', /^On: every lead goes to Brevo, into Newsletter, as it arrives\.$/, null],
  ['on, the consent box on and mail on', brevoConsent, mailOn, null, null, 'on', /^On: each lead goes to Brevo, into Newsletter, once they confirm by e-mail\.$/, null],
  ['on, the consent box on and mail off: waiting, not on', brevoConsent, mailOff, null, null, 'problem', /^Waiting: nobody can confirm right now, so no lead reaches Brevo\. .*e-mail is off\. /, null],
  ['paused on a refused key', brevo, mailOn, keyNotFound, null, 'problem', /^Paused: your tool refused the key, so leads wait \(none is lost\)\. Paste a working key and save, and they go out\.$/, '401 Key not found'],
  ['paused, and nobody can confirm either', brevoConsent, mailOff, keyNotFound, null, 'problem', /^Paused: .* Nobody can confirm either: .*e-mail is off\./, '401 Key not found'],
  ['the saved key refused by a check', brevo, mailOn, null, '401 Key not found', 'problem', /^Refused: your tool refuses the saved key, so leads will wait \(none is lost\)\. Paste a working key and save/, '401 Key not found'],
  ['paused and refused by a check: the pause’s answer, once', brevo, mailOn, keyNotFound, '403 Forbidden', 'problem', /^Paused: /, '401 Key not found'],
] as const)('status: %s', (_case, saved, mail, paused, refusal, tone, says, answer) => {
  const status = toolStatus({ settings: saved, mail, paused, refusal, list: 'Newsletter' });
  expect(status.tone).toBe(tone);
  expect(status.says).toMatch(says);
  expect(status.answer).toBe(answer);
  // One message: it never says On together with a problem, and each problem says what to do.
  if (tone === 'problem') expect(status.says).not.toMatch(/\bOn:/);
  if (nobodyCanConfirm(saved, mail)) expect(status.says).toMatch(consentFix);
});

test('a check is of the saved key when no key is typed and the tool and address are those in force', () => {
  const saved = settings({ emailTool: 'brevo', emailToolApiUrl: 'http://127.0.0.1:9' }, [], { emailToolApiKey: true });
  expect(checksSavedKey(saved, {})).toBe(true);
  expect(checksSavedKey(saved, { tool: 'brevo', apiUrl: 'http://127.0.0.1:9' })).toBe(true);
  expect(checksSavedKey(saved, { tool: 'brevo', apiKey: 'xkeysib-new' })).toBe(false);
  expect(checksSavedKey(saved, { tool: 'kit' })).toBe(false);
  expect(checksSavedKey(saved, { apiUrl: 'http://127.0.0.1:10' })).toBe(false);
  expect(checksSavedKey(settings({ emailTool: 'brevo' }), {})).toBe(false);
});

test('only a refusal of the saved key goes to the status line', () => {
  const refused: ToolCheckResult = { ok: false, problem: { kind: 'bad-key', status: 401, message: 'Key not found', field: 'emailToolApiKey' } };
  expect(savedKeyRefusal({ ofSavedKey: true, result: refused })).toBe('401 Key not found');
  expect(savedKeyRefusal({ ofSavedKey: false, result: refused })).toBeNull();
  expect(savedKeyRefusal({ ofSavedKey: true, result: { ok: false, problem: { ...refused.problem, kind: 'retry', status: null } } })).toBeNull();
  expect(savedKeyRefusal({ ofSavedKey: true, result: { ok: true, tool: 'brevo', account: 'Sam', listWord: 'list', lists: [] } })).toBeNull();
  expect(savedKeyRefusal(null)).toBeNull();
});

const refused: ToolCheckResult = { ok: false, problem: { kind: 'bad-key', status: 401, message: 'Key not found', field: 'emailToolApiKey' } };
const unreachable: ToolCheckResult = { ok: false, problem: { kind: 'retry', status: null, message: 'No answer', field: null } };
const lists: ToolCheckResult = { ok: true, tool: 'brevo', account: 'Ana', listWord: 'list', lists: [{ id: '501', name: 'Newsletter' }] };
test.each<[string, string | null, ToolCheckResult | null, string | null]>([
  ['no list saved', null, refused, null],
  ['the check not answered yet: check the key to see its name', '501', null, 'Saved: 501. Check the key to see its name.'],
  ['the key refused: the name could not be read, not "check the key" again', '501', refused, 'Saved: the one your tool numbers 501. Its name could not be read, as the check above did not work.'],
  ['the tool unreachable: the same', '501', unreachable, 'Saved: the one your tool numbers 501. Its name could not be read, as the check above did not work.'],
  ['the lists shown: the menu names it', '501', lists, null],
])('the saved list, %s', (_name, saved, checked, words) => {
  expect(savedListWords(saved, checked)).toBe(words);
});
