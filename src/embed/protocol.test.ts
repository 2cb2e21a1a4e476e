import { expect, test } from 'vitest';
import { frameUrl, isEmbedMessage } from './protocol';

test.each([
  ['inline', '', 'https://quiz.example/?embed=inline&host=https%3A%2F%2Fcoach.example'],
  ['popup', '?utm_source=newsletter&utm_medium=email', 'https://quiz.example/?embed=popup&host=https%3A%2F%2Fcoach.example&utm_source=newsletter&utm_medium=email'],
  ['inline', '?utm_campaign=spring&fbclid=abc&email=you%40example.com', 'https://quiz.example/?embed=inline&host=https%3A%2F%2Fcoach.example&utm_campaign=spring'],
] as const)('the %s frame of a page with %j: only the mode, the host and its utm_* travel', (mode, search, expected) => {
  expect(frameUrl('https://quiz.example', mode, { origin: 'https://coach.example', search })).toBe(expected);
});

test.each([
  [{ source: 'core-drivers', type: 'progress', step: 'landing' }, true],
  [{ source: 'core-drivers', type: 'resize', height: 900 }, true],
  [{ source: 'other-widget', type: 'resize', height: 900 }, false],
  ['core-drivers', false],
  [null, false],
  [undefined, false],
])('%j is one of our messages: %s', (data, expected) => {
  expect(isEmbedMessage(data)).toBe(expected);
});
