/**
 * Every text of the coach's dashboard: typed data, no JSX, in one module (so it could be translated).
 * Driver names and rating words come from the visitor's content (src/content), so the coach reads
 * what the visitor read; the summary patterns are the rules of src/shared/insights.ts.
 */
import { resultsCopy } from '../content/results';
import type { DeliveryChannel, DeliveryEvent, DeliveryFilter, SummaryPattern } from '../shared/coach-api';
import type { Rating } from '../shared/constants';
import type { FunnelStep } from '../shared/funnel';
import type { RangeProblem } from './period';

/** Where the dashboard can be: one view per part of the issue, in the navigation's order. */
export const views = ['funnel', 'profiles', 'leads', 'deliveries'] as const;
export type View = (typeof views)[number];

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

export const coachCopy = {
  appName: 'Core Drivers',
  appRole: 'Coach dashboard',
  loading: 'Loading…',
  views: {
    funnel: 'Funnel',
    profiles: 'Profiles',
    leads: 'Leads',
    deliveries: 'Deliveries',
  } satisfies Record<View, string>,
  navLabel: 'Dashboard sections',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  loadFailed: 'This could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signedOut: 'You are signed out.',
  signIn: {
    title: 'Sign in',
    intro: 'Your dashboard: how your quiz converts, what your audience struggles with, and your leads.',
    passwordLabel: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    empty: 'Please enter your password.',
    wrongPassword: 'That password is not right. Please try again.',
    throttled: (wait: string, at: string) => `Too many attempts. For your safety, sign-in is paused. Try again in ${wait} (at ${at}).`,
    passwordNotSet:
      'No password is set yet. On the server, run: npm run coach -- set-password (it reads the new password from the keyboard or stdin).',
    httpsRequired: 'Sign-in needs a secure connection: open this page with https:// (or on this computer, at 127.0.0.1).',
    failed: 'Signing in did not work. Check your connection and try again.',
  },
  period: {
    legend: 'Period',
    presets: { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days' } as Record<number, string>,
    custom: 'Custom',
    from: 'From',
    to: 'To',
    apply: 'Show',
    showing: (from: string, to: string, timeZone: string) => `${from} to ${to} (days in ${timeZone})`,
    problems: {
      badFrom: 'Please enter a start date.',
      badTo: 'Please enter an end date.',
      reversed: 'The start date must come before the end date.',
      future: 'The period must start today or earlier.',
      tooLong: 'Please choose at most 800 days.',
    } satisfies Record<RangeProblem, string>,
  },
  funnel: {
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
    biggestDrop: (step: string, share: string) => `The quiz loses the most visitors at ${step}: ${share} of those who reach it leave there.`,
    empty: 'No visitors in this period yet.',
    summary: {
      landings: 'Landings',
      started: 'Quiz started',
      leads: 'Leads',
      courseClicks: 'Course clicks',
      ofLandings: (share: string) => `${share} of landings`,
      ofResults: (share: string) => `${share} of results shown`,
      ofLeads: (share: string) => `${share} of leads`,
    },
  },
  daily: {
    title: 'Day by day',
    chartLabel: 'Column chart of landings and leads per day. The same numbers are in the table.',
    legendLandings: 'Landings',
    legendLeads: 'Leads',
    showTable: 'Show the numbers for each day',
    tableCaption: 'Landings, quiz starts, results, leads and course clicks per day',
    columns: { day: 'Day', landings: 'Landings', started: 'Quiz started', results: 'Results', leads: 'Leads', courseClicks: 'Course clicks' },
  },
  sources: {
    title: 'Where visitors come from',
    intro: 'From the UTM tags of the link a visitor followed, or the site that linked to the quiz.',
    tableCaption: 'Landings, leads and course clicks by source',
    columns: { source: 'Source', landings: 'Landings', leads: 'Leads', leadRate: 'Lead rate', courseClicks: 'Course clicks' },
    medium: (medium: string) => `Medium: ${medium}`,
    campaign: (campaign: string) => `Campaign: ${campaign}`,
    direct: 'Direct or unknown',
    other: 'All other sources',
    empty: 'No visitors in this period yet.',
  },
  profiles: {
    title: 'Profiles',
    intro: (submissions: string) => `How the ${submissions} submitted in this period rated each driver.`,
    driversTitle: 'Ratings by driver',
    driversChartLabel: 'Stacked bars: for each driver, the share of leads who rated it each way. The same numbers are in the table.',
    driversCaption: 'For each driver, how many leads rated it 1 (needs support), 2 (neutral) or 3 (strong)',
    columns: { driver: 'Driver' },
    patternsTitle: 'Summary patterns',
    patternsIntro: 'The “Your Unique Pattern” message each lead read on the results page.',
    patternsCaption: 'How many leads saw each summary pattern',
    patternColumns: { pattern: 'Pattern', count: 'Leads', share: 'Share' },
    empty: 'No leads in this period yet.',
    mostSupport: (driver: string, share: string) => `Your audience needs the most support with ${driver}: ${share} rated it “This is me”.`,
  },
  leads: {
    title: 'Leads',
    intro: 'Newest first. Only people whose latest submission falls in the period.',
    searchLabel: 'Search by e-mail or first name',
    searchHint: 'The start of an e-mail address or a first name.',
    search: 'Search',
    clear: 'Clear',
    download: 'Download CSV',
    tableCaption: 'Leads, newest first',
    columns: { name: 'First name', email: 'E-mail', submitted: 'Submitted', pattern: 'Pattern', actions: 'Profile' },
    open: (name: string) => `Open ${name}’s profile`,
    openShort: 'Open',
    empty: 'No leads in this period yet.',
    noMatch: 'No lead matches that search in this period.',
    previous: 'Newer',
    next: 'Older',
    page: (n: number) => `Page ${n}`,
    erased: 'The lead was erased.',
  },
  lead: {
    back: 'Back to leads',
    firstSubmitted: 'First submitted',
    submissionsTerm: 'Submissions',
    submissions: (count: number) => (count === 1 ? '1 submission' : `${count} submissions`),
    submittedAt: (when: string) => `Submitted ${when}`,
    latest: 'Latest',
    profileTitle: 'Profile as the visitor saw it',
    profileCaption: 'Each driver and how the visitor rated it',
    columns: { driver: 'Driver', rating: 'Rating' },
    summaryTitle: 'Your Unique Pattern (what they read)',
    weak: 'Needs support',
    strong: 'Strengths',
    none: 'None',
    consentTitle: 'Consent',
    consentNone: 'No consent record: this submission was made before consent was recorded.',
    consentText: 'What the visitor was shown',
    consentTextUnknown: 'Not known: the page showed a wording this server no longer had.',
    consentVersion: 'Wording version',
    marketing: 'Marketing e-mails',
    marketingYes: 'Agreed (box ticked)',
    marketingNo: 'Not agreed (box left empty)',
    marketingNotAsked: 'Not asked',
    requestedAt: 'Requested',
    confirmedAt: 'Confirmed from the results e-mail (double opt-in)',
    notConfirmed: 'Not confirmed yet: no marketing until then',
    changesTitle: 'What changed since the submission before',
    deliveryTitle: 'Deliveries',
    deliveryNone: 'None: neither a webhook nor mail was on when this was submitted.',
    erase: 'Erase this person',
    eraseHint: 'Removes every submission and pending delivery of this person for good.',
    notFound: 'This lead no longer exists. It may have been erased.',
  },
  erase: {
    title: 'Erase this person?',
    body: (name: string, email: string) => `${name} (${email}) and all their submissions will be removed for good. Pending deliveries to your e-mail tool are cancelled.`,
    copies: 'Copies you made before, such as CSV files and backups, are not changed.',
    confirm: 'Erase for good',
    erasing: 'Erasing…',
    cancel: 'Cancel',
    failed: 'The lead could not be erased. Please try again.',
  },
  deliveries: {
    title: 'Deliveries',
    intro: 'Each lead is forwarded to your e-mail tool, and each visitor is sent their results by e-mail. Both are retried for up to three days if they fail.',
    notConfigured: 'Nothing is sent: no LEAD_WEBHOOK_URL and no SMTP_URL are set on the server (see server/README.md).',
    mailOff:
      'Results by e-mail are off. To send each visitor their profile, with a private link back to it, set SMTP_URL, MAIL_FROM and PUBLIC_URL on the server (see server/docs/mail.md).',
    kinds: { 'lead.submitted': 'Webhook: new lead', 'lead.confirmed': 'Webhook: opt-in confirmed', results: 'Results e-mail' } satisfies Record<DeliveryEvent, string>,
    queued: (when: string) => `Queued ${when}`,
    openLead: 'Open the lead',
    counts: { pending: 'Backlog', failing: 'Failing', gone: 'Refused', expired: 'Given up' },
    countHints: {
      pending: 'Waiting to be sent, new or retrying',
      failing: 'Failed at least once, still retrying',
      gone: 'Your tool answered 410 Gone, or the mail server refused the address: not retried',
      expired: 'Failed for three days: no more retries',
    },
    oldest: (when: string) => `Oldest waiting since ${when}.`,
    filterLabel: 'Show',
    filters: { failing: 'Failing', pending: 'Backlog', gone: 'Refused', expired: 'Given up' } satisfies Record<DeliveryFilter, string>,
    tableCaption: (filter: string) => `Deliveries: ${filter}, newest first`,
    columns: { lead: 'Lead', state: 'State', attempts: 'Attempts', last: 'Last attempt', next: 'Next attempt', actions: 'Action' },
    states: {
      pending: 'Waiting',
      retrying: 'Retrying',
      delivered: 'Delivered',
      gone: 'Refused',
      expired: 'Given up',
    },
    lastResult: (status: number | null, channel: DeliveryChannel = 'webhook') =>
      status === null ? 'no answer' : channel === 'email' ? `SMTP ${status}` : `HTTP ${status}`,
    never: '–',
    retry: 'Retry now',
    /** The button's name starts with its visible text (WCAG 2.5.3 Label in Name). */
    retryLabel: (kind: string, queued: string) => `Retry now: ${kind}, queued ${queued}`,
    retrying: 'Retrying…',
    retried: 'Scheduled: it will be sent in a moment.',
    retryFailed: 'The retry could not be scheduled. Please try again.',
    empty: 'Nothing here. All good.',
    more: 'Show older',
  },
} as const;
