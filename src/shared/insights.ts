/**
 * The insight rules of SPEC section 4 as pure functions of the nine ratings: the challenges (tips of
 * drivers rated 1), the strengths (explanations of drivers rated 3), the one summary message picked
 * by the first matching rule, and the extra notes. The results page shows them; the server reads
 * stored profiles with the same rules (the dashboard, the export, the webhook).
 */
import { coreDrivers, driverById, type DriverId } from '../content/drivers';
import {
  careMessage,
  countDrivers,
  driverStrengths,
  driverTips,
  extraNoteMessages,
  firstStepOrder,
  resultsCopy,
  summaryMessages,
} from '../content/results';
import { DRIVER_COUNT, summaryThresholds, type Rating } from './constants';
import { driverWordKey, fillCounts, mergeWords, type Words } from './word-merge';

export type RatedDriver = { id: DriverId; rating: Rating };

/** The drivers rated 1 and those rated 3, by name (the dashboard's leads, the export, the webhook's payload). */
export type WeakStrong = { weakDrivers: string[]; strongDrivers: string[] };

export type RatingCounts = { weak: number; neutral: number; strong: number };

export type SummaryRuleId =
  | 'allWeak'
  | 'allStrong'
  | 'allNeutral'
  | 'mostWeak'
  | 'mostStrong'
  | 'strongAndWeak'
  | 'general';

type SummaryRule = {
  id: SummaryRuleId;
  matches: (counts: RatingCounts) => boolean;
  message: (counts: RatingCounts) => string;
};

const generalRule: SummaryRule = { id: 'general', matches: () => true, message: () => summaryMessages.general };

/** SPEC section 4, "evaluated in order": the first rule that matches gives the summary. */
export const summaryRules: readonly SummaryRule[] = [
  { id: 'allWeak', matches: ({ weak }) => weak === DRIVER_COUNT, message: () => summaryMessages.allWeak },
  { id: 'allStrong', matches: ({ strong }) => strong === DRIVER_COUNT, message: () => summaryMessages.allStrong },
  { id: 'allNeutral', matches: ({ neutral }) => neutral === DRIVER_COUNT, message: () => summaryMessages.allNeutral },
  {
    id: 'mostWeak',
    matches: ({ weak }) => weak >= summaryThresholds.majority,
    message: ({ weak }) => summaryMessages.mostWeak(weak),
  },
  {
    id: 'mostStrong',
    matches: ({ strong }) => strong >= summaryThresholds.majority,
    message: ({ strong }) => summaryMessages.mostStrong(strong),
  },
  {
    id: 'strongAndWeak',
    matches: ({ weak, strong }) => weak > 0 && strong > 0,
    message: ({ weak, strong }) => summaryMessages.strongAndWeak(strong, weak),
  },
  generalRule,
];

/**
 * The weak drivers (rated 1: the challenges) and the strong ones (rated 3: the strengths) by name,
 * in driver order, from the nine ratings in driver order.
 */
export function weakAndStrong(ratings: readonly Rating[]): WeakStrong {
  const named = (rating: Rating) => coreDrivers.filter((_driver, index) => ratings[index] === rating).map((driver) => driver.shortName);
  return { weakDrivers: named(1), strongDrivers: named(3) };
}

export function countRatings(drivers: readonly RatedDriver[]): RatingCounts {
  const count = (rating: Rating) => drivers.filter((driver) => driver.rating === rating).length;
  return { weak: count(1), neutral: count(2), strong: count(3) };
}

/** The first summary rule that matches these counts (SPEC section 4). */
function ruleFor(counts: RatingCounts): SummaryRule {
  // The last rule always matches; the fallback only tells the type checker so.
  return summaryRules.find((candidate) => candidate.matches(counts)) ?? generalRule;
}

/** The pattern of nine ratings: the id of the first summary rule that matches. */
export function summaryRuleOf(drivers: readonly RatedDriver[]): SummaryRuleId {
  return ruleFor(countRatings(drivers)).id;
}

/**
 * The summary of "Your Unique Pattern": the message of the first rule that matches, in the coach's
 * words when they wrote it (`summary.<rule>`; `{strong}` and `{weak}` become the counts).
 */
export function summarizePattern(drivers: readonly RatedDriver[], words?: Words): { rule: SummaryRuleId; text: string } {
  const counts = countRatings(drivers);
  const rule = ruleFor(counts);
  const own = words?.[`summary.${rule.id}`];
  return { rule: rule.id, text: own === undefined ? rule.message(counts) : fillCounts(own, counts, countDrivers) };
}

export type ExtraNoteId = keyof typeof extraNoteMessages;

/** The extra insights of SPEC section 4, in a fixed order. */
export function extraNotes(drivers: readonly RatedDriver[], words?: Words): { id: ExtraNoteId; text: string }[] {
  const messages = mergeWords(extraNoteMessages, words, 'notes');
  const ratingOf = (id: DriverId) => drivers.find((driver) => driver.id === id)?.rating;
  const { weak } = countRatings(drivers);
  const notes: { id: ExtraNoteId; text: string }[] = [];
  if (ratingOf(8) === 3 && ratingOf(4) === 1) {
    notes.push({ id: 'taskJumping', text: messages.taskJumping });
  }
  if (ratingOf(3) === 3 && weak >= summaryThresholds.holdingItTogetherWeak) {
    notes.push({ id: 'holdingItTogether', text: messages.holdingItTogether });
  }
  return notes;
}

export type DriverInsight = { id: DriverId; name: string; text: string };

type InsightList = { title: string; intro: string; items: DriverInsight[] };

function listFor(
  drivers: readonly RatedDriver[],
  rating: Rating,
  text: (id: DriverId) => string,
  copy: { title: string; intro: string; noneTitle: string; noneText: string },
): InsightList {
  const items = drivers
    .filter((driver) => driver.rating === rating)
    .map(({ id }) => ({ id, name: driverById(id).shortName, text: text(id) }));
  return items.length > 0
    ? { title: copy.title, intro: copy.intro, items }
    : { title: copy.noneTitle, intro: copy.noneText, items };
}

/**
 * The challenges as one first step and the rest: the weak driver that comes first in
 * `firstStepOrder`, then the others in driver order. Null when nothing needs support.
 */
export function firstStep(items: readonly DriverInsight[]): { first: DriverInsight; others: DriverInsight[] } | null {
  const first = firstStepOrder.map((id) => items.find((item) => item.id === id)).find((item) => item !== undefined);
  return first ? { first, others: items.filter((item) => item !== first) } : null;
}

export type Insights = {
  challenges: InsightList;
  strengths: InsightList;
  summary: { rule: SummaryRuleId; text: string };
  notes: { id: ExtraNoteId; text: string }[];
  /** A gentle pointer to professional help when many drivers need support; null otherwise. */
  care: string | null;
};

/** Our addition to the spec: five or more drivers needing support add one line about getting help. */
export function careLine(drivers: readonly RatedDriver[], words?: Words): string | null {
  return countRatings(drivers).weak >= summaryThresholds.careWeak ? (words?.care ?? careMessage) : null;
}

/** Everything the insights section shows, derived from the nine ratings, in the coach's words where they wrote them. */
export function buildInsights(drivers: readonly RatedDriver[], words?: Words): Insights {
  const sorted = [...drivers].sort((a, b) => a.id - b.id);
  const copy = mergeWords(resultsCopy.insights, words, 'results.insights');
  const own = (id: DriverId, part: 'tip' | 'strength', ours: Record<DriverId, string>) => words?.[driverWordKey(id, part)] ?? ours[id];
  return {
    challenges: listFor(sorted, 1, (id) => own(id, 'tip', driverTips), copy.challenges),
    strengths: listFor(sorted, 3, (id) => own(id, 'strength', driverStrengths), copy.strengths),
    summary: summarizePattern(sorted, words),
    notes: extraNotes(sorted, words),
    care: careLine(sorted, words),
  };
}
