/**
 * The texts of the profiles view. Driver names and rating words come from the visitor's content
 * (src/content), so the coach reads what the visitor read; the summary patterns are the rules of
 * src/shared/insights.ts.
 */
import { resultsCopy } from '../../content/results';
import type { SummaryPattern } from '../../shared/coach-api/profiles';
import type { Rating } from '../../shared/constants';

/** How the coach reads each summary rule of SPEC section 4 (the visitor read the full message). */
export const patternLabels: Record<SummaryPattern, string> = {
  allWeak: 'All nine need support',
  allStrong: 'All nine strong',
  allNeutral: 'All nine “sometimes”',
  mostWeak: 'Five or more need support',
  mostStrong: 'Five or more strong',
  strongAndWeak: 'Strong and weak: a compensatory pattern',
  general: 'A general mix',
};

export const ratingLabels: Record<Rating, string> = resultsCopy.ratingLabels;

export const profilesCopy = {
  title: 'Profiles',
  // Counted by submission, as the daily sums keep them: someone who took the quiz again counts once
  // for each time, so these are submissions, not leads (the Leads screen counts people).
  intro: (submissions: string, one: boolean) =>
    `How ${one ? 'the one submission' : `the ${submissions} submissions`} in this period rated each driver. Someone who took the quiz again counts once for each time.`,
  driversTitle: 'Ratings by driver',
  driversChartLabel: 'Stacked bars: for each driver, the share of submissions that rated it each way. The same numbers are in the table.',
  driversCaption: 'For each driver, how many submissions rated it 1 (needs support), 2 (neutral) or 3 (strong)',
  columns: { driver: 'Driver' },
  patternsTitle: 'Summary patterns',
  patternsIntro: 'The “Your Unique Pattern” message the results page showed for each submission.',
  patternsCaption: 'How many submissions showed each summary pattern',
  patternColumns: { pattern: 'Pattern', count: 'Submissions', share: 'Share' },
  empty: 'No submissions in this period yet.',
  mostSupport: (driver: string, share: string) => `Your audience needs the most support with ${driver}: ${share} rated it “This is me”.`,
} as const;
