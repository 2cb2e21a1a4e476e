/** The texts of the "Your words" and "Offers" screens (each of the dashboard's views has its file in this folder). */
import type { SummaryRuleId } from '../../shared/insights';
import type { WordScreen } from '../../shared/words';

export const wordsCopy = {
  intro:
    'Every text your visitors read, in your own words. Ours stays beside each field. Plain text only: it shows exactly as you type it. Nothing changes for visitors until you save.',
  screens: {
    landing: 'Landing',
    quiz: 'Quiz',
    results: 'Results',
    gate: 'Gate',
    insights: 'Insights',
    email: 'E-mail',
    profile: 'Profile page',
  } satisfies Record<WordScreen, string>,
  screensLabel: 'Screens',
  changedOnScreen: (count: number) => (count === 1 ? '1 changed' : `${count} changed`),
  ours: 'Ours',
  changed: 'Yours',
  reset: 'Reset to ours',
  resetWhat: (label: string) => `Reset to ours: ${label}`,
  length: (count: number, max: number) => `${count} of ${max} characters`,
  grade: (grade: number) => `Reads at grade ${grade}. Ours aim for 8 or below: shorter sentences and words help. You can still save it.`,
  counts: 'Write {strong} and {weak} where the counts go: they become "1 driver", "3 drivers".',
  boldStart: 'The first 7 words show in bold.',
} as const;

/** The seven summary patterns (SPEC section 4) as the dashboard names them. */
export const patternNames: Record<SummaryRuleId, string> = {
  allWeak: 'All need support',
  allStrong: 'All strong',
  allNeutral: 'All sometimes',
  mostWeak: 'Most need support',
  mostStrong: 'Most are strong',
  strongAndWeak: 'Some strong, some need support',
  general: 'Mixed',
};

export const offersCopy = {
  intro:
    'Send each visitor to the offer that fits their pattern. The first offer whose rule fits wins, in the order below; everyone else gets your course, the default offer. Visitors see an offer on their results, in their e-mail and on their private profile page.',
  offerTitle: (index: number, title: string) => (title.trim() === '' ? `Offer ${index + 1}` : `Offer ${index + 1}: ${title.trim()}`),
  fields: {
    title: 'Title',
    url: 'Link',
    pitch: 'Pitch',
    length: 'Length',
    price: 'Price',
    outcome: 'Outcome',
    button: 'Button label',
  },
  optional: 'optional',
  hints: {
    url: 'An address that starts with https://',
    pitch: 'A blank line starts a new paragraph.',
    button: 'Empty: the course block’s button (“Show Me the Course”, or your words).',
  },
  rule: {
    title: 'Who it is for',
    intro: 'Tick patterns, drivers, or both. With both, a visitor needs one of the patterns and one of the drivers.',
    patterns: 'Their pattern is one of',
    weak: 'They rated one of these “This is me” (1)',
    strong: 'They rated one of these “I’m good at this” (3)',
  },
  catches: 'Catches',
  catchesNone: 'No one: the offers above catch everyone this one would.',
  caughtAll: 'everyone with this pattern',
  caughtSome: (caught: number, of: number) => `${Math.round((caught / of) * 100)}% of this pattern`,
  fixToSee: 'Complete this offer to see who it catches.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  moveWhat: (what: string, offer: string) => `${what}: ${offer}`,
  add: 'Add an offer',
  full: (max: number) => `You have ${max} offers, the most there can be.`,
  none: 'No offers yet: every visitor gets your course.',
  defaultTitle: 'Everyone else: your course',
  defaultIntro: 'The default offer: your course, set on the Settings screen (Your course).',
  defaultLink: 'Edit your course',
  defaultNone: 'Not set yet: the course link of the build.',
  funnel: {
    title: 'Offers',
    tableLabel: 'Offers by pattern',
    intro: 'Per offer and pattern, in this period: visitors who saw it (results and profile pages), leads under it, and clicks on its button.',
    offer: 'Offer',
    pattern: 'Pattern',
    seen: 'Saw it',
    leads: 'Leads',
    clicks: 'Clicks',
    allPatterns: 'All patterns',
    removed: (id: string) => `A removed offer (${id})`,
    empty: 'No offer was seen in this period yet.',
    raised:
      'Some leads came from visitors whose browser did not count the page with the offer (an ad blocker can stop that count; each lead is counted when it is stored). So “Saw it” counts everyone who got at least that far, as the funnel does, and is never below the leads.',
  },
} as const;

export const previewCopy = {
  title: 'Preview',
  intro: 'The results page as a visitor sees it once they unlock their insights, with the changes on this screen as you type them. Nothing reaches visitors until you save.',
  ratings: 'The visitor’s answers',
  rating: { 1: 'This is me (1)', 2: 'Sometimes (2)', 3: 'I’m good at this (3)' },
  gets: (pattern: string, offer: string) => `Pattern: ${pattern}. Offer shown: ${offer}.`,
  widthLabel: 'Width',
  widths: { phone: 'Phone (360 px)', desktop: 'Desktop (1280 px)' },
  frameTitle: (width: string) => `Preview of the results page, ${width}`,
  sampleName: 'Ana',
} as const;
