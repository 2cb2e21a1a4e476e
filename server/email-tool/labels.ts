/**
 * What a lead becomes in the coach's e-mail tool: its labels (tags, groups, lists: each tool's
 * nearest idea, see docs/email-tools.md) and the ratings-in-words field, from its nine ratings and
 * the coach's tag mapping (src/shared/email-tool-labels.ts). Pure: the delivery loop calls it when it
 * builds a push, and the settings screen shows `ownLabels` as the mapping's preview.
 */
import { coreDrivers } from '../../src/content/drivers';
import { resultsCopy } from '../../src/content/results';
import type { Rating } from '../../src/shared/constants';
import { patternNames, type LabelGroup, type TagMapping } from '../../src/shared/email-tool-labels';
import { summaryRuleOf } from '../../src/shared/insights';
import { summaryPatterns } from '../../src/shared/coach-api/profiles';

const prefixed = (group: LabelGroup, what: string) => `${group.name}: ${what}`;
const on = (group: LabelGroup, labels: () => string[]) => (group.on ? labels() : []);

/** The labels of a lead rated `ratings` (driver order): everyone's, per rating 1 and 3, the pattern. */
export function labelsOf(ratings: readonly Rating[], mapping: TagMapping): string[] {
  const rated = (rating: Rating) => coreDrivers.filter((_driver, index) => ratings[index] === rating).map((driver) => driver.shortName);
  const pattern = summaryRuleOf(coreDrivers.map((driver, index) => ({ id: driver.id, rating: ratings[index] ?? 2 })));
  return [
    ...on(mapping.everyone, () => [mapping.everyone.name]),
    ...on(mapping.needsSupport, () => rated(1).map((name) => prefixed(mapping.needsSupport, name))),
    ...on(mapping.strength, () => rated(3).map((name) => prefixed(mapping.strength, name))),
    ...on(mapping.pattern, () => [prefixed(mapping.pattern, patternNames[pattern])]),
  ];
}

/**
 * Every label the mapping can produce: on a retake, the contact's labels in this set that the lead
 * no longer has are removed; any other label (one the coach set by hand) is left alone.
 */
export function ownLabels(mapping: TagMapping): string[] {
  const drivers = coreDrivers.map((driver) => driver.shortName);
  return [
    ...on(mapping.everyone, () => [mapping.everyone.name]),
    ...on(mapping.needsSupport, () => drivers.map((name) => prefixed(mapping.needsSupport, name))),
    ...on(mapping.strength, () => drivers.map((name) => prefixed(mapping.strength, name))),
    ...on(mapping.pattern, () => summaryPatterns.map((id) => prefixed(mapping.pattern, patternNames[id]))),
  ];
}

/**
 * The nine ratings in words, grouped so the value fits a 255-character text field (Mailchimp's):
 * "Needs Support: Task Initiation, Organization. Neutral: … Strong: …", as the results legend says.
 */
export function ratingsInWords(ratings: readonly Rating[]): string {
  return ([1, 2, 3] as const)
    .map((rating) => ({ rating, names: coreDrivers.filter((_driver, index) => ratings[index] === rating).map((driver) => driver.shortName) }))
    .filter(({ names }) => names.length > 0)
    .map(({ rating, names }) => `${resultsCopy.ratingLabels[rating]}: ${names.join(', ')}.`)
    .join(' ');
}

/** The custom fields of a lead: the ratings in words under the coach's field key, or none. */
export function fieldsOf(ratings: readonly Rating[], mapping: TagMapping): Record<string, string> {
  return mapping.ratingField === null ? {} : { [mapping.ratingField]: ratingsInWords(ratings) };
}
