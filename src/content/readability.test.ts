/**
 * Every text a visitor reads stays at Flesch-Kincaid grade 8 or below (PRODUCT.md, "Content").
 * The texts are gathered from the content modules themselves, so a new or changed text is checked
 * without touching this file. Syllables come from the `syllable` package (a maintained counter
 * with an English exceptions list), not a home-made vowel count.
 */
import { expect, test } from 'vitest';
import * as drivers from './drivers';
import * as email from './email';
import * as errors from './errors';
import * as landing from './landing';
import * as notFound from './not-found';
import * as profile from './profile';
import * as quiz from './quiz';
import * as results from './results';
import * as site from './site';
import { fleschKincaidGrade, MAX_GRADE, MIN_WORDS, words } from '../shared/readability';

/** Texts the spec fixes word for word (SPEC section 1): checked by the spec's tests, not rewritten here. */
const fixedBySpec = new Set<string>([site.site.tagline]);

/** Every string in a content module: values, nested values, and what its message functions return. */
export function textsIn(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  // Message functions take counts (or a first name): two and three give plural, natural sentences.
  if (typeof value === 'function') return textsIn((value as (...args: unknown[]) => unknown)(2, 3), `${path}()`);
  if (Array.isArray(value)) return value.flatMap((item, index) => textsIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => textsIn(item, path ? `${path}.${key}` : key));
  }
  return [];
}

const modules = { drivers, email, errors, landing, notFound, profile, quiz, results, site };

const prose = Object.entries(modules)
  .flatMap(([name, module]) => textsIn(module, name))
  // Colors are codes, and log messages go to the developer's console, not to the visitor.
  .filter(({ path, text }) => !text.startsWith('#') && !path.endsWith('logMessage') && !fixedBySpec.has(text))
  .filter(({ text }) => words(text).length >= MIN_WORDS);

test.each([
  // A short, plain text sits low; a long sentence of long words sits far above grade 8.
  ['You forget why you walked into rooms.', 0, 4],
  [
    'Individuals experiencing considerable organizational difficulties frequently underestimate the cumulative consequences of procrastination, particularly regarding interpersonal commitments and professional responsibilities.',
    20,
    40,
  ],
] as const)('the grade formula: %s', (text, low, high) => {
  const grade = fleschKincaidGrade(text);
  expect(grade).toBeGreaterThanOrEqual(low);
  expect(grade).toBeLessThanOrEqual(high);
});

test('the checked texts include every kind of prose a visitor reads', () => {
  const paths = prose.map(({ path }) => path);
  for (const expected of ['drivers.coreDrivers[0].scenario', 'results.driverTips.1', 'results.careMessage', 'results.resultsCopy.gate.notice', 'landing.landing.why.paragraphs[0]', 'email.emailCopy.intro', 'email.emailCopy.link.note()', 'profile.profileCopy.dead.text', 'profile.confirmCopy.text()']) {
    expect(paths).toContain(expected);
  }
});

test.each(prose.map(({ path, text }) => [path, text]))(`%s reads at grade ${MAX_GRADE} or below`, (_path, text) => {
  expect(fleschKincaidGrade(text), text).toBeLessThanOrEqual(MAX_GRADE);
});

/** British forms the spec's US spelling ("personalized", "Analyzing") rules out. */
const britishSpelling =
  /colour|favour|behaviour|\b\w*(?:real|organ|priorit|personal|recogn|apolog|emphas|minim|summar|util|special)is(?:e|ed|es|ing|ation)\b|analys(?:e|ed|ing)\b|centre|judgement|travell|cancell|labell/i;

test('every text a visitor reads uses US spelling', () => {
  const all = Object.entries(modules).flatMap(([name, module]) => textsIn(module, name));
  expect(all.filter(({ text }) => britishSpelling.test(text))).toEqual([]);
  expect(britishSpelling.test('Please personalise the colours')).toBe(true);
});
