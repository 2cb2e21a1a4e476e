/** The texts of the funnel view: its steps and drops, the day-by-day chart and the traffic sources. */
import type { FunnelStep } from '../../shared/funnel';

const fixedStepLabels = {
  landing: 'Landing page',
  quiz_started: 'Quiz started',
  results: 'Results shown',
  lead: 'Lead',
  course_click: 'Course click',
} as const;

/** A funnel step as the coach reads it: "Landing page", "Question 4", "Course click". */
export function stepLabel(step: FunnelStep): string {
  return step.startsWith('question_') ? `Question ${step.slice('question_'.length)}` : fixedStepLabels[step as keyof typeof fixedStepLabels];
}

/** Where the funnel loses visitors, and what those who left there did: the funnel's callout. */
const fixedDropWords = {
  landing: { place: 'the landing page', left: 'left the landing page without starting the quiz' },
  quiz_started: { place: 'the start of the quiz', left: 'started the quiz but never saw the first question' },
  results: { place: 'the gate', left: 'saw their results but did not unlock the insights with their e-mail' },
  lead: { place: 'the course button', left: 'unlocked the insights but did not open the course' },
} as const;

/** The words for a drop at `step` (any step but the last, which has no step after it to reach). */
export function dropWords(step: FunnelStep): { place: string; left: string } {
  if (!step.startsWith('question_')) return fixedDropWords[step as keyof typeof fixedDropWords];
  const question = stepLabel(step);
  return { place: question, left: `reached ${question} but went no further` };
}

export const funnelCopy = {
  title: 'Funnel',
  intro: 'Every quiz run counted once per step, without cookies or anything that identifies a visitor.',
  tableCaption: 'Each step of the funnel with its count, conversion and drop-off',
  columns: {
    step: 'Step',
    count: 'Visitors',
    conversion: 'Conversion',
    dropOff: 'Drop-off',
    drops: (count: string) => `${count} left`,
  },
  chartLabel: 'Bar chart of the funnel: visitors at each step. The same numbers are in the table.',
  conversionHint: 'Conversion: visitors at this step ÷ visitors at the step before. Lead: insights unlocked with an e-mail address.',
  dropOffHint: 'Drop-off: visitors who reached this step but not the next ÷ visitors who reached it.',
  sourceLabel: 'Visitors from',
  allSources: 'All sources',
  sourceNote: 'The daily chart and the breakdown below always count all sources.',
  biggestDrop: (place: string, lost: string, reached: string, share: string, left: string) =>
    `The biggest drop is at ${place}: ${lost} of ${reached} visitors (${share}) ${left}.`,
  nextDrop: (place: string, share: string) => `Next biggest: ${place} (${share}).`,
  empty: 'No visitors in this period yet.',
  raised:
    'Some visitors were counted at a later step but not at an earlier one: the pages are counted by the visitor’s browser, which an ad blocker can stop, while each lead is counted when it is stored; and a visitor may open the quiz directly. So each step counts everyone who got at least that far, and no step is above the one before it.',
  summary: {
    landings: 'Landings',
    started: 'Quiz started',
    leads: 'Leads',
    courseClicks: 'Course clicks',
    ofLandings: (share: string) => `${share} of landings`,
    ofResults: (share: string) => `${share} of results shown`,
    ofLeads: (share: string) => `${share} of leads`,
  },
} as const;

export const dailyCopy = {
  title: 'Day by day',
  chartLabel: 'Column chart of landings and leads per day. The same numbers are in the table.',
  legendLandings: 'Landings',
  legendLeads: 'Leads',
  showTable: 'Show the numbers for each day',
  tableCaption: 'Landings, quiz starts, results, leads and course clicks per day',
  columns: { day: 'Day', landings: 'Landings', started: 'Quiz started', results: 'Results', leads: 'Leads', courseClicks: 'Course clicks' },
  raised: 'Each day counts as the funnel above does: everyone who got at least that far that day, so a day’s landings are never fewer than its later steps.',
  aboveWhole: (step: string, parts: string, whole: string) =>
    `The days add up to ${parts} at “${step}”, the period to ${whole}: each day is raised on its own, so a visitor counted at an earlier step one day and a later step the next (a quiz run across midnight) raises both days; the period counts them once.`,
} as const;

export const sourcesCopy = {
  title: 'Where visitors come from',
  intro: 'From the UTM tags of the link a visitor followed, or the site that linked to the quiz.',
  tableCaption: 'Landings, leads and course clicks by source',
  columns: { source: 'Source', landings: 'Landings', leads: 'Leads', leadRate: 'Lead rate', courseClicks: 'Course clicks' },
  medium: (medium: string) => `Medium: ${medium}`,
  campaign: (campaign: string) => `Campaign: ${campaign}`,
  direct: 'Direct or unknown',
  other: 'All other sources',
  empty: 'No visitors in this period yet.',
  aboveWhole: (step: string, parts: string, whole: string) =>
    `The sources add up to ${parts} at “${step}”, the period to ${whole}: each source counts everyone who got at least that far from it, and a visitor can be counted under two sources (a lead stored without its source counts under “Direct or unknown” while the pages before it counted under the link’s source). The funnel above counts the period once.`,
} as const;
