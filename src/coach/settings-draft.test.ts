import { expect, test } from 'vitest';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { effectiveSettings, settingKeys, type SettingValues } from '../shared/coach-settings';
import { changeOf, draftOf, editableKeys, initialDrafts, problemsOf } from './settings-draft';

function response(stored: Partial<SettingValues>, environment: Partial<SettingValues> = {}, shown: SettingsResponse['shown'] = {}): SettingsResponse {
  const { values, sources } = effectiveSettings(stored, environment);
  return { values, sources, variables: { privacyUrl: 'PRIVACY_URL' }, secretsSet: {}, shown, photoUrl: null };
}

const course = ['courseUrl', 'coursePitch', 'courseLength'] as const;

test('a field starts with the coach’s own value, or empty while the default applies', () => {
  const settings = response({ courseUrl: 'https://coach.example/course' });
  expect(initialDrafts(settings, course)).toEqual({ courseUrl: 'https://coach.example/course', coursePitch: '', courseLength: '' });
  expect(draftOf(response({}), 'consentText')).toBe('');
  expect(draftOf(response({}), 'consentCheckbox')).toBe(false);
  expect(draftOf(response({}), 'analyticsTimeZone')).toBe('UTC');
});

test('only the fields the coach changed are sent; an emptied one goes back to its default', () => {
  const settings = response({ courseUrl: 'https://coach.example/course', courseLength: '4 weeks' });
  const drafts = { courseUrl: 'https://coach.example/course', coursePitch: 'My words.', courseLength: '  ' };
  expect(changeOf(settings, course, drafts)).toEqual({ coursePitch: 'My words.', courseLength: null });
  expect(changeOf(settings, course, initialDrafts(settings, course))).toEqual({});
});

test('a setting the environment sets is not a field here', () => {
  const settings = response({}, { privacyUrl: 'https://server.example/privacy' });
  expect(editableKeys(settings, ['privacyUrl', 'consentCheckbox'])).toEqual(['consentCheckbox']);
  expect(changeOf(settings, ['privacyUrl'], { privacyUrl: 'https://mine.example/' })).toEqual({});
});

test('the picture is never part of the form’s change (it has its own upload)', () => {
  expect(editableKeys(response({}), ['coachName', 'coachPhoto'])).toEqual(['coachName']);
});

test('the browser finds the same problems as the server, each naming its field', () => {
  expect(problemsOf({ courseUrl: 'javascript:alert(1)' })).toEqual([{ field: 'courseUrl', message: expect.stringMatching(/^Course link:/) }]);
  expect(problemsOf({ coachName: 'Dana' })).toEqual([]);
  // Only the picture changed: no settings to send, nothing to refuse.
  expect(problemsOf({})).toEqual([]);
});

test('every setting has a starting draft', () => {
  const settings = response({});
  for (const key of settingKeys) expect(draftOf(settings, key)).toBeDefined();
});

test('a saved webhook address stays in its field in its safe form; emptied, it is removed; a hidden secret’s empty field keeps it', () => {
  const settings = response({ webhookUrl: 'sealed', smtpUrl: 'sealed' }, {}, { webhookUrl: 'https://hooks.example/in?token=…' });
  expect(draftOf(settings, 'webhookUrl')).toBe('https://hooks.example/in?token=…');
  expect(draftOf(settings, 'smtpUrl')).toBe('');
  const keys = ['webhookUrl', 'smtpUrl'] as const;
  expect(changeOf(settings, keys, initialDrafts(settings, keys))).toEqual({});
  expect(changeOf(settings, keys, { webhookUrl: '', smtpUrl: '' })).toEqual({ webhookUrl: null });
  expect(changeOf(settings, keys, { webhookUrl: 'https://hooks.example/new', smtpUrl: '' })).toEqual({ webhookUrl: 'https://hooks.example/new' });
});

test('an address still holding its hidden parts (…) is refused here: it must be pasted whole', () => {
  expect(problemsOf({ webhookUrl: 'https://hooks.example/in2?token=…' })).toEqual([
    { field: 'webhookUrl', message: 'Webhook address: paste the whole address again; the parts shown as … are hidden.' },
  ]);
});
