import { expect, test } from 'vitest';
import type { AuditEntry } from '../shared/coach-api/audit';
import { auditActor } from './content/audit';

const signedIn = { browser: 'Chrome on macOS', at: '2026-11-03T23:30:00.000Z' };

test.each<[string, Pick<AuditEntry, 'actor' | 'sessionId' | 'signedIn'>, string, string]>([
  ['the browser in words, signed in on its day in the coach’s zone', { actor: 'dashboard', sessionId: 8, signedIn }, 'UTC', 'Chrome on macOS, signed in 3 Nov'],
  ['the day is the coach’s, not the server’s', { actor: 'dashboard', sessionId: 8, signedIn }, 'Europe/Berlin', 'Chrome on macOS, signed in 4 Nov'],
  ['an entry from before browsers were kept', { actor: 'dashboard', sessionId: 8, signedIn: null }, 'UTC', 'Dashboard (which browser was not recorded then)'],
  ['no one signed in (a wrong set-up code)', { actor: 'dashboard', sessionId: null, signedIn: null }, 'UTC', 'Dashboard, not signed in'],
  ['the command line', { actor: 'command line', sessionId: null, signedIn: null }, 'UTC', 'Command line on the server'],
])('%s', (_case, entry, timeZone, words) => {
  expect(auditActor(entry, timeZone)).toBe(words);
});
