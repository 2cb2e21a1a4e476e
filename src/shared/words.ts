/**
 * Every text a visitor reads that the coach may write in their own words: its key (./word-merge.ts),
 * the screen it is on, a label, our default (from src/content) and its length limit. The server
 * checks the coach's texts with `checkWords`, and the dashboard checks each field with `checkWord`
 * as the coach types: one rule on both sides. Stored as the setting `words` (src/shared/coach-settings.ts).
 *
 * Not in the visitor's bundle: it holds every text (the visitor's page gets the coach's texts in its
 * settings block, and merges them over the defaults it already has with ./word-merge.ts).
 */
import { coreDrivers } from '../content/drivers';
import { emailCopy } from '../content/email';
import { landing } from '../content/landing';
import { profileCopy } from '../content/profile';
import { quizCopy } from '../content/quiz';
import { careMessage, driverStrengths, driverTips, extraNoteMessages, resultsCopy, summaryMessages } from '../content/results';
import { site } from '../content/site';
import { type Checked, fail } from './checked';
import { checkText } from './plain-text';
import { driverWordKey, type Words } from './word-merge';

export type { Words } from './word-merge';

/** The dashboard's groups, in the order a visitor meets them. */
export const wordScreens = ['landing', 'quiz', 'results', 'gate', 'insights', 'email', 'profile'] as const;
export type WordScreen = (typeof wordScreens)[number];

export type WordField = {
  key: string;
  screen: WordScreen;
  /** Names the text on the dashboard and in every message about it. */
  label: string;
  /** Ours: what visitors read while the coach has written nothing. */
  defaultText: string;
  maxLength: number;
  /** A summary message with counts: `{strong}` and `{weak}` stand for them. */
  counts?: boolean;
};

/** Room to rephrase: twice a short text's length (at least 120), a paragraph up to 600 characters. */
export function wordLimit(defaultText: string): number {
  return defaultText.length <= 80 ? 120 : 600;
}

const pick = <T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;

/** Names a key's words do not say well on their own. */
const partNames: Record<string, string> = {
  cta: 'Button',
  subHeadline: 'Sub-headline',
  keyHint: 'Keyboard hint',
  noSpam: 'No-spam line',
  gotIt: 'Got it',
  allWeak: 'All need support',
  allStrong: 'All strong',
  allNeutral: 'All sometimes',
  general: 'Mixed',
  taskJumping: 'Task-jumping',
  holdingItTogether: 'Holding it together',
  unnamedCoach: 'Signature without your name',
  dead: 'Link no longer works',
  unavailable: 'Could not open',
  plainLabel: 'Plain-text label',
};

/** "mailNotice" → "Mail notice" (or its name above). */
function humanize(part: string): string {
  const named = partNames[part];
  if (named !== undefined) return named;
  const spaced = part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Every text leaf of `value` as a field, keyed by its path under `prefix`. */
function fieldsOf(screen: WordScreen, prefix: string, value: unknown, label: string): WordField[] {
  if (typeof value === 'string') return [{ key: prefix, screen, label, defaultText: value, maxLength: wordLimit(value) }];
  // A list's items: "Paragraphs" → "Paragraph 1", "Paragraph 2".
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldsOf(screen, `${prefix}.${index}`, item, `${label.replace(/s$/, '')} ${index + 1}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => fieldsOf(screen, `${prefix}.${key}`, item, `${label} › ${humanize(key)}`));
  }
  return [];
}

const driverFields: WordField[] = coreDrivers.flatMap((driver) => [
  ...fieldsOf('quiz', driverWordKey(driver.id, 'description'), driver.description, `${driver.shortName} › Description`),
  ...fieldsOf('quiz', driverWordKey(driver.id, 'scenario'), driver.scenario, `${driver.shortName} › Scenario (its first 7 words are bold)`),
]);

const insightDriverFields: WordField[] = coreDrivers.flatMap((driver) => [
  ...fieldsOf('insights', driverWordKey(driver.id, 'tip'), driverTips[driver.id], `${driver.shortName} › Tip (rated 1)`),
  ...fieldsOf('insights', driverWordKey(driver.id, 'strength'), driverStrengths[driver.id], `${driver.shortName} › Strength (rated 3)`),
]);

/** The three summaries with counts, shown with example counts; `{strong}` and `{weak}` stand for them. */
const countedSummaries: WordField[] = [
  { key: 'summary.mostWeak', text: summaryMessages.mostWeak(6), label: 'Most need support' },
  { key: 'summary.mostStrong', text: summaryMessages.mostStrong(6), label: 'Most are strong' },
  { key: 'summary.strongAndWeak', text: summaryMessages.strongAndWeak(3, 2), label: 'Some strong, some need support' },
].map(({ key, text, label }) => ({ key, screen: 'insights', label: `Summary › ${label}`, defaultText: text, maxLength: 600, counts: true }));

/** Every text the coach may change, by screen, in the order the dashboard lists them. */
export const wordFields: readonly WordField[] = [
  ...fieldsOf('landing', 'landing', pick(landing, ['headline', 'subHeadline', 'expectation', 'cta']), 'Landing'),
  ...fieldsOf('landing', 'landing.why', landing.why, 'Why This Matters'),
  ...fieldsOf('landing', 'site.disclaimer', site.disclaimer, 'Disclaimer (every page)'),
  ...fieldsOf('quiz', 'quiz', pick(quizCopy, ['prompt', 'messages', 'complete', 'keyHint']), 'Quiz'),
  ...driverFields,
  ...fieldsOf('results', 'results.profile', pick(resultsCopy.profile, ['title', 'subtitle', 'cardFrontHint', 'cardBackHint']), 'Profile'),
  ...fieldsOf('results', 'results.course', pick(resultsCopy.course, ['title', 'button', 'coachLabel']), 'Course block'),
  ...fieldsOf('gate', 'results.gate', pick(resultsCopy.gate, ['title', 'intro', 'benefits', 'submit', 'noSpam', 'notice', 'mailNotice']), 'Gate'),
  ...fieldsOf('insights', 'results.insights', pick(resultsCopy.insights, ['title', 'challenges', 'strengths', 'pattern', 'mail']), 'Insights'),
  ...insightDriverFields,
  ...fieldsOf('insights', 'summary', pick(summaryMessages, ['allWeak', 'allStrong', 'allNeutral', 'general']), 'Summary'),
  ...countedSummaries,
  ...fieldsOf('insights', 'notes', extraNoteMessages, 'Extra note'),
  ...fieldsOf('insights', 'care', careMessage, 'Care line (five or more need support)'),
  ...fieldsOf(
    'email',
    'email',
    { ...pick(emailCopy, ['subject', 'preview', 'intro', 'profileTitle', 'signOff', 'unnamedCoach']), link: pick(emailCopy.link, ['button']), confirm: emailCopy.confirm },
    'E-mail',
  ),
  ...fieldsOf('email', 'email.footer.erase', emailCopy.footer.erase, 'E-mail › Footer › Erase'),
  ...fieldsOf('profile', 'profile', { dead: profileCopy.dead, unavailable: profileCopy.unavailable }, 'Profile page'),
];

const fieldByKey = new Map(wordFields.map((field) => [field.key, field]));

export function wordField(key: string): WordField | undefined {
  return fieldByKey.get(key);
}

/** The e-mail's texts never go to the visitor's page; every other text does. */
export const isPageWord = (key: string) => !key.startsWith('email.');

/** One text the coach wrote, checked by its field's rule (one line, its limit, nothing hidden). */
export function checkWord(field: WordField, input: unknown): Checked<string> {
  return checkText(field.label, input, field.maxLength);
}

/**
 * The coach's texts as sent (key → text): every key known, every text valid. A text equal to our
 * default is left out (the default applies, and follows any change of ours). Messages name each text.
 */
export function checkWords(input: unknown): Checked<Record<string, string>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('Your words: send them as a JSON object of texts by key.');
  const words: Record<string, string> = {};
  const problems: string[] = [];
  for (const [key, text] of Object.entries(input)) {
    const field = fieldByKey.get(key);
    if (!field) {
      problems.push(`There is no text called ${JSON.stringify(key.slice(0, 80))}.`);
      continue;
    }
    const checked = checkWord(field, text);
    if (!checked.ok) problems.push(checked.message);
    else if (checked.value !== field.defaultText) words[key] = checked.value;
  }
  return problems.length > 0 ? fail(problems.join(' ')) : { ok: true, value: words };
}

/** The visitor's part of the coach's texts (none of the e-mail's), or undefined when there is none. */
export function pageWords(words: Words | null): Record<string, string> | undefined {
  const entries = Object.entries(words ?? {}).filter((entry): entry is [string, string] => isPageWord(entry[0]) && typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
