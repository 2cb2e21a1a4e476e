import { expect, test } from 'vitest';
import { emailToolCopy } from './email-tool';
import { webhookCopy } from './webhook';

// The webhook's and the e-mail tool's test answers say how long they took the same way.
test.each([
  [0, '0 ms'],
  [999, '999 ms'],
  [2025, '2,025 ms'],
  [15_000, '15,000 ms'],
])('%d milliseconds read “%s” after either test', (ms, words) => {
  expect(webhookCopy.milliseconds(ms)).toBe(words);
  expect(emailToolCopy.milliseconds(ms)).toBe(words);
});
