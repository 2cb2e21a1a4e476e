import { expect, test } from 'vitest';
import { changedFields } from './draft-form';

test.each([
  ['nothing changed', { name: 'Sam', on: true }, { name: 'Sam', on: true }, []],
  ['a text and a switch changed', { name: 'Sam', on: true, link: '' }, { name: 'Dana', on: false, link: '' }, ['name', 'on']],
  ['typed, then typed back: unchanged', { name: 'Sam' }, { name: 'Sam' }, []],
  ['an object draft compares by content', { photo: { kind: 'keep' } }, { photo: { kind: 'keep' } }, []],
  ['an object draft that differs', { photo: { kind: 'keep' } }, { photo: { kind: 'remove' } }, ['photo']],
])('%s', (_case, start: Record<string, unknown>, drafts: Record<string, unknown>, changed: string[]) => {
  expect(changedFields(start, drafts)).toEqual(changed);
});

test('a screen that tidies its texts on saving compares them tidied: spaces alone are no change', () => {
  const tidied = (a: unknown, b: unknown) => String(a).trim() === String(b).trim();
  expect(changedFields({ headline: 'Find' }, { headline: ' Find ' }, tidied)).toEqual([]);
  expect(changedFields({ headline: 'Find' }, { headline: ' Found ' }, tidied)).toEqual(['headline']);
  expect(changedFields({ headline: 'Find' }, { headline: ' Find ' })).toEqual(['headline']);
});
