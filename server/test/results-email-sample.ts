/** One results e-mail to write, for the tests of the render thread and of the e-mail outbox. */
import type { Rating } from '../../src/shared/constants';
import type { EmailTask } from '../mail/render-thread';
import type { ResultsEmailInput } from '../mail/results-email-model';

const march3 = Date.parse('2026-03-03T10:00:00Z');

export const sampleEmailInput: ResultsEmailInput = {
  firstName: 'Ana',
  ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] as Rating[],
  submittedAt: march3,
  previous: { ratings: [3, 3, 3, 1, 1, 1, 2, 2, 2] as Rating[], at: march3 - 86_400_000 },
  links: { profile: 'https://quiz.example/profile#PROFILE-TOKEN', confirm: 'https://quiz.example/confirm#CONFIRM-TOKEN' },
  profileLinkDays: 90,
  marketing: 'pending',
  courseUrl: 'https://coach.example/course',
  coachName: 'Sam Rivera',
  helpLine: null,
  siteHost: 'quiz.example',
  timeZone: 'Europe/Berlin',
  words: { 'email.subject': 'Your Core Drivers, from Sam' },
  now: march3,
};

export const sampleEnvelope = { from: 'Sam Rivera <coach@coach.example>', to: 'ana@example.org', messageId: '<msg_1@coach.example>' };

export const sampleEmailTask: EmailTask = { input: sampleEmailInput, ...sampleEnvelope };
