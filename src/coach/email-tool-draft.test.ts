import { expect, test } from 'vitest';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { emptySettings, settingDefaults, settingKeys } from '../shared/coach-settings';
import { defaultTagMapping } from '../shared/email-tool-labels';
import { assumedApiUrl, checkRequestOf, labelsChange, nobodyCanConfirm, toolInForce } from './email-tool-draft';

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
