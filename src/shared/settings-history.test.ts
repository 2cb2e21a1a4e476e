import { describe, expect, test } from 'vitest';
import { changeLine, describeValue, settingChanges, SHOWN_VALUE_MAX } from './settings-history';

describe('describeValue: any stored value in words', () => {
  test.each([
    [null, 'none'],
    [true, 'on'],
    [false, 'off'],
    ['Dana', 'Dana'],
    [[], 'none'],
    [['https://a.example', 'https://b.example'], 'https://a.example, https://b.example'],
    [{ hideChrome: true, accent: '#123456', buttonText: null }, 'hideChrome: on; accent: #123456'],
    [{ items: [{ title: 'Call' }] }, 'items: title: Call'],
  ])('%j reads %j', (value, words) => {
    expect(describeValue(value)).toBe(words);
  });
});

describe('settingChanges: what differs between two versions, in the dashboard’s order', () => {
  const image = JSON.stringify({ hash: 'a'.repeat(64), contentType: 'image/png', width: 240, height: 200 });
  test.each([
    ['nothing differs', { coachName: '"Sam"' }, { coachName: '"Sam"' }, []],
    ['a name set', {}, { coachName: '"Sam"' }, ['Your name: not set → Sam']],
    ['a name cleared', { coachName: '"Sam"' }, {}, ['Your name: Sam → not set']],
    ['in the table’s order, whatever the stored order', { courseUrl: '"https://a.example/"' }, { consentCheckbox: 'true', coachName: '"Sam"' }, [
      'Your name: not set → Sam',
      'Course link: https://a.example/ → not set',
      'Marketing-consent box: not set → on',
    ]],
    ['a secret, only as changed', { webhookSecret: '"sealed-1"' }, { webhookSecret: '"sealed-2"' }, ['Webhook signing secret: changed']],
    ['a picture, by its size', {}, { coachPhoto: image }, ['Photo or logo: not set → a picture, 240 × 200 px']],
    ['a setting this version does not know, by its key, after the known ones', { offers: '[]' }, { offers: '[{"title":"Call"}]', coachName: '"Sam"' }, [
      'Your name: not set → Sam',
      'offers: none → title: Call',
    ]],
  ])('%s', (_case, before: Record<string, string>, after: Record<string, string>, lines: string[]) => {
    expect(settingChanges(before, after).map(changeLine)).toEqual(lines);
  });

  test('a secret’s stored values never appear in its change', () => {
    expect(JSON.stringify(settingChanges({ smtpUrl: '"sealed-old"' }, { smtpUrl: '"sealed-new"' }))).not.toMatch(/sealed/);
  });

  test(`a long value is cut to ${SHOWN_VALUE_MAX} characters`, () => {
    const [change] = settingChanges({}, { coursePitch: JSON.stringify('word '.repeat(100)) });
    expect(change?.to).toHaveLength(SHOWN_VALUE_MAX);
    expect(change?.to?.endsWith('…')).toBe(true);
  });
});
