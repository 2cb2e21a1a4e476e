import { expect, test } from 'vitest';
import { mayQueueResultsEmail } from './mail-cap';

const minute = 60_000;
const now = 10 * 24 * 60 * minute;

test.each<[string, number[], boolean]>([
  ['none before', [], true],
  ['one a minute ago', [now - minute], false],
  ['one 59 minutes ago', [now - 59 * minute], false],
  ['one an hour ago', [now - 60 * minute], true],
  ['two today, the last two hours ago', [now - 5 * 60 * minute, now - 2 * 60 * minute], true],
  ['three today', [now - 20 * 60 * minute, now - 10 * 60 * minute, now - 2 * 60 * minute], false],
  ['three, the first a day ago', [now - 24 * 60 * minute, now - 10 * 60 * minute, now - 2 * 60 * minute], true],
])('%s: may queue %s', (_, earlier, may) => {
  expect(mayQueueResultsEmail(earlier, now)).toBe(may);
});
