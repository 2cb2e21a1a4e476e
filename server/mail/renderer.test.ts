/**
 * Results e-mails are written in the render thread (./renderer.ts), never on the event loop that
 * answers visitors: the thread's e-mail is, to the byte, the one the rendering functions make, and a
 * failed e-mail leaves the thread able to write the next one.
 */
import { afterEach, expect, test } from 'vitest';
import type { Rating } from '../../src/shared/constants';
import { startEmailRenderer } from './renderer';
import renderResultsEmail from './render-thread';
import type { ResultsEmailInput } from './results-email-model';

const renderer = startEmailRenderer();
afterEach(() => renderer.close());

const march3 = Date.parse('2026-03-03T10:00:00Z');
const input: ResultsEmailInput = {
  firstName: 'Ana',
  ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] as Rating[],
  submittedAt: march3,
  previous: { ratings: [3, 3, 3, 1, 1, 1, 2, 2, 2] as Rating[], at: march3 - 86_400_000 },
  links: { profile: 'https://quiz.example/profile#PROFILE-TOKEN', confirm: 'https://quiz.example/confirm#CONFIRM-TOKEN' },
  profileLinkDays: 90,
  marketing: 'pending',
  courseUrl: 'https://coach.example/course',
  coachName: 'Sam Rivera',
  helpLine: { text: 'Call me on Mondays', url: 'https://coach.example/help' },
  siteHost: 'quiz.example',
  timeZone: 'Europe/Berlin',
  words: { 'email.subject': 'Your Core Drivers, from Sam' },
  now: march3,
};

test('the render thread writes the same e-mail as the rendering functions', async () => {
  const [inThread, here] = await Promise.all([renderer.render(input), renderResultsEmail(input)]);
  expect(inThread).toEqual(here);
  expect(inThread.subject).toBe('Your Core Drivers, from Sam');
  expect(inThread.text).toContain('Sam Rivera');
});

test('an e-mail that cannot be written fails alone: the next one is written', async () => {
  await expect(renderer.render({ ...input, ratings: [] as Rating[], previous: { ratings: [], at: 0 }, timeZone: 'Not/AZone' })).rejects.toThrow();
  expect((await renderer.render(input)).subject).toBe('Your Core Drivers, from Sam');
});
