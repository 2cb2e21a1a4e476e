/**
 * Every text of the coach's dashboard: typed data, no JSX, in one module (so it could be translated).
 * Driver names and rating words come from the visitor's content (src/content), so the coach reads
 * what the visitor read; the summary patterns are the rules of src/shared/insights.ts.
 */
import { resultsCopy } from '../content/results';
import type { AuditAction, AuditEntry, DeliveryFilter, SummaryPattern, WebhookTestOutcome } from '../shared/coach-api';
import { coachSettings, isSettingKey, type SettingKey } from '../shared/coach-settings';
import type { Rating } from '../shared/constants';
import type { FunnelStep } from '../shared/funnel';
import type { RangeProblem } from './period';

/** Where the dashboard can be: one view per part of the issue, in the navigation's order. */
export const views = ['funnel', 'profiles', 'leads', 'deliveries', 'embed', 'settings', 'audit'] as const;
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

/** What an audit entry records, as the coach reads it. */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused: wrong password',
  sign_out: 'Signed out',
  password_set: 'Password set',
  export: 'Leads downloaded (CSV)',
  erase: 'A person erased',
  delivery_retry: 'Delivery retried by hand',
  settings_changed: 'Settings changed',
  setup_failed: 'Set-up refused: wrong or old code',
  webhook_test: 'Test sent to the webhook',
};

/** What an entry records, with the settings a change touched by their labels ("Settings changed: Your name, Course link"). */
export function auditWhat(entry: Pick<AuditEntry, 'action' | 'fields'>): string {
  const label = auditActionLabels[entry.action] ?? entry.action;
  const fields = (entry.fields ?? []).map((key) => (isSettingKey(key) ? coachSettings[key].label : key));
  return fields.length === 0 ? label : `${label}: ${fields.join(', ')}`;
}

/** Who did it: the dashboard (which session) or the server's command line. */
export function auditActor(entry: Pick<AuditEntry, 'actor' | 'sessionId'>): string {
  if (entry.actor === 'command line') return 'Command line on the server';
  return entry.sessionId === null ? 'Dashboard, not signed in' : `Dashboard, session ${entry.sessionId}`;
}

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
    embed: 'On your site',
    settings: 'Settings',
    audit: 'Audit log',
  } satisfies Record<View, string>,
  navLabel: 'Dashboard sections',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  loadFailed: 'This could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signedOut: 'You are signed out.',
  setup: {
    title: 'Set up your dashboard',
    intro: 'No password is set yet. Choose one, and your dashboard is ready: your funnel, your leads, and how your quiz looks to visitors.',
    addressTitle: 'Open the set-up address',
    address:
      'When the server starts without a password, it writes a one-time address to its log, on a line that starts with “First run”. It looks like this:',
    addressExample: 'https://your-quiz.example/coach/setup#…',
    addressRules: 'Open it in this browser. It works once, for one hour. Lost it, or more than an hour ago? Restart the server for a new one.',
    cliTitle: 'Or use the command line',
    cli: 'On the server, in the app’s folder, run this and type the new password twice. Then sign in here.',
    command: 'npm run coach -- set-password',
    commandLabel: 'The command to run',
    signIn: 'I have set it: sign in',
    formTitle: 'Choose your password',
    formIntro: 'At least 12 characters. A short sentence you will remember is a good choice.',
    password: 'New password',
    confirm: 'Type it again',
    submit: 'Set password and sign in',
    submitting: 'Setting your password…',
    tooShort: 'Please use at least 12 characters.',
    mismatch: 'The two passwords are not the same. Please type them again.',
    alreadySet: 'A password is already set. Sign in with it.',
    failed: 'The password could not be set. Check your connection and try again.',
  },
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
    biggestDrop: (place: string, lost: string, reached: string, share: string, left: string) =>
      `The biggest drop is at ${place}: ${lost} of ${reached} visitors (${share}) ${left}.`,
    nextDrop: (place: string, share: string) => `Next biggest: ${place} (${share}).`,
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
    wordingUnknown: 'Not known: the page showed a wording this server did not have (its version is below).',
    consentVersion: 'Wording version',
    versionNone: 'None sent',
    marketing: 'Marketing e-mails',
    marketingYes: 'Agreed (box ticked)',
    marketingNo: 'Not agreed (box left empty)',
    marketingNotAsked: 'Not asked (no box was shown)',
    recordedAt: 'Recorded',
    deliveryTitle: 'Forwarding to your e-mail tool',
    deliveryNone: 'Not forwarded: no webhook was set up when this was submitted.',
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
  audit: {
    title: 'Audit log',
    intro: (timeZone: string) =>
      `Every sign-in, download, erasure and change, newest first: what was done, from where, and when (times in ${timeZone}). It never records an address, a name or a search.`,
    tableCaption: 'Audit log entries, newest first',
    columns: { when: 'When', what: 'What', who: 'Who' },
    empty: 'Nothing recorded yet.',
  },
  /** Lists shown a page at a time, newest first. */
  pages: {
    newer: 'Newer',
    older: 'Older',
    page: (n: number) => `Page ${n}`,
  },
  deliveries: {
    title: 'Deliveries',
    intro: 'Each lead is forwarded to your e-mail tool and retried for up to three days if it fails.',
    notConfigured: 'Forwarding is off: leads are stored, but not sent to your e-mail tool.',
    setUp: 'Set up forwarding in Settings',
    goTo: 'Leads go to',
    change: 'Change or test it in Settings',
    counts: { pending: 'Backlog', failing: 'Failing', gone: 'Refused (410)', expired: 'Given up' },
    countHints: {
      pending: 'Waiting to be sent, new or retrying',
      failing: 'Failed at least once, still retrying',
      gone: 'Your tool answered 410 Gone: not retried',
      expired: 'Failed for three days: no more retries',
    },
    oldest: (when: string) => `Oldest waiting since ${when}.`,
    filterLabel: 'Show',
    filters: { failing: 'Failing', pending: 'Backlog', delivered: 'Delivered', gone: 'Refused', expired: 'Given up' } satisfies Record<DeliveryFilter, string>,
    tableCaption: (filter: string) => `Deliveries: ${filter}, newest first`,
    columns: { lead: 'Lead', state: 'State', attempts: 'Attempts', last: 'Last attempt', next: 'Next attempt', actions: 'Action' },
    states: {
      pending: 'Waiting',
      retrying: 'Retrying',
      delivered: 'Delivered',
      gone: 'Refused (410)',
      expired: 'Given up',
    },
    lastResult: (status: number | null) => (status === null ? 'no answer' : `HTTP ${status}`),
    never: '–',
    retry: 'Retry now',
    /** The button's name starts with its visible text (WCAG 2.5.3 Label in Name). */
    retryLabel: (email: string) => `Retry now: the delivery for ${email}`,
    retrying: 'Retrying…',
    retried: 'Scheduled: it will be sent in a moment.',
    retryFailed: 'The retry could not be scheduled. Please try again.',
    empty: 'Nothing here. All good.',
    emptyDelivered: 'Nothing delivered yet.',
    more: 'Show older',
  },
  webhook: {
    title: 'Forwarding leads to your e-mail tool',
    intro:
      'Each lead goes to your e-mail tool or automation (Zapier, Make, your CRM) as soon as it is stored, signed so the tool can check it came from your quiz. A failed send is tried again for three days.',
    on: 'On. Leads go to',
    offNoAddress: 'Off: there is no address yet.',
    offNoSecret: 'Off: make a signing secret below, and leads start going out.',
    addressLabel: 'Webhook address',
    addressHint:
      'The address your e-mail tool gives you for incoming webhooks. Starts with https://. A user name and password in it (https://user:password@…) are sent as Basic authorization, never shown again.',
    addressNow: 'Now:',
    saveAddress: 'Save address',
    savingAddress: 'Saving…',
    addressSaved: 'Saved. New leads go to this address from now on, on every server.',
    turnOff: 'Turn forwarding off',
    turnedOff: 'Forwarding is off. New leads are stored but not sent.',
    emptyAddress: 'Webhook address: paste the address your e-mail tool gave you.',
    fromServer: (variable: string) => `Set on the server (${variable}). Change it there; it wins over this screen.`,
    secretTitle: 'Signing secret',
    secretIntro: 'Your e-mail tool checks each lead’s signature with it (Standard Webhooks).',
    secretSet: 'A secret is set. It is never shown again.',
    secretNone: 'No secret yet.',
    makeSecret: 'Make a signing secret',
    replaceSecret: 'Make a new secret',
    replaceWarning: 'Your e-mail tool must get the new secret, or it will refuse leads until it does.',
    replaceYes: 'Yes, make a new secret',
    cancel: 'Cancel',
    making: 'Making…',
    newSecret: 'Your new signing secret. Copy it into your e-mail tool now: it will not be shown again.',
    secretLabel: 'The new signing secret',
    testTitle: 'Check the connection',
    testHint: 'Sends a signed test event (type webhook.test, with no lead in it) to the address in force, and shows what your tool answered.',
    sendTest: 'Send a test',
    sending: 'Sending…',
    outcomes: {
      delivered: 'Delivered: your tool accepted it. Leads will go through the same way.',
      refused: 'Refused: your tool answered with an error. Leads would be tried again for three days.',
      redirect: 'Redirected: your tool points elsewhere. Redirects are not followed: paste the final address.',
      timeout: 'No answer within 10 seconds, the limit for every send.',
      unreachable: 'Could not connect: check the address (a typo, or the tool is down).',
    } satisfies Record<WebhookTestOutcome, string>,
    resultCaption: 'What your tool answered',
    status: 'Status',
    sentAt: 'Sent at',
    took: 'Answered in',
    webhookId: 'Event id',
    sentTo: 'Sent to',
    redirectTo: 'Redirects to',
    answer: 'Answer',
    answerCut: 'the first 2,000 characters',
    noAnswer: '(empty)',
    noStatus: 'none',
    milliseconds: (ms: number) => `${ms.toLocaleString('en-US')} ms`,
    /** The time of day on the coach's own computer, with seconds: the receiver's log shows the same moment. */
    clock: (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' }),
    failed: 'This did not work. Check your connection and try again.',
  },
  embed: {
    intro: 'Put the quiz on your own website: allow your site, copy a snippet, and make it look at home. Changes apply at once, no restart.',
    sitesTitle: 'Your sites',
    sitesIntro: 'The sites allowed to show the quiz in a frame. Browsers refuse it everywhere else.',
    sitesLabel: 'Allowed sites',
    sitesHint: 'One per line, each exactly as in the address bar, without a path: https://coach.example and https://www.coach.example are two sites.',
    sitesNone: 'No site yet: browsers will refuse to show the quiz on your pages until you add yours.',
    fromServer: (variable: string) => `Set on the server (${variable}). Change it there; it wins over this screen.`,
    snippetsTitle: 'Copy a snippet',
    snippetsIntro: 'Paste one where the quiz should appear on your page (WordPress, Squarespace, Kajabi: wherever HTML goes).',
    inlineTitle: 'In the page',
    inlineHint: 'The quiz inside your page, as tall as each screen needs.',
    inlineLabel: 'The inline snippet',
    popupTitle: 'As a button',
    popupHint: 'A button that opens the quiz in a window over your page.',
    popupLabel: 'The popup snippet',
    lookTitle: 'Look on your site',
    lookIntro: 'So the quiz looks at home in your page. Only the framed quiz changes: its texts and timings stay the same.',
    hideChrome: 'Hide the quiz’s own name line and footer in the frame',
    hideChromeHint: 'Your page already says whose quiz it is.',
    background: 'Background',
    backgrounds: { page: 'The quiz’s own pale cream', transparent: 'Transparent: your page shows through', colour: 'A colour of your own' },
    backgroundColour: 'Background colour',
    backgroundHint: 'A light one: the quiz’s grey text must stay readable on it (4.5:1).',
    transparentHint: 'The quiz’s text stays dark: use it on a light page.',
    accent: 'Accent colour',
    accentHint: 'Buttons, links, the progress bar. Empty: the quiz’s teal. It must keep white text on buttons readable (4.5:1).',
    buttonText: 'Popup button text',
    buttonTextHint: 'Empty: Discover Your Core Drivers. A snippet’s own data-button-text wins.',
    buttonColour: 'Popup button colour',
    buttonColourHint: 'Empty: the accent colour. Its text turns white or dark, whichever reads.',
    pick: (label: string) => `Pick the ${label.toLowerCase()}`,
    previewTitle: 'Live preview',
    previewIntro: 'As it will look in your page, with the changes above, before you save them.',
    previewWidth: 'Frame width',
    previewWidths: { 360: 'Phone', 660: '660 px', 1000: 'Wide' } as Record<number, string>,
    pageColour: 'Your page’s colour (for the preview only)',
    previewFrame: 'Preview of the quiz in your page',
    popupPreview: 'Your popup button',
    fixFirst: 'Fix the field marked above to see it here.',
  },
  copying: {
    copy: 'Copy',
    /** The button's accessible name: its visible word first (WCAG 2.5.3), then what it copies. */
    copyWhat: (label: string) => `Copy ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
    copied: 'Copied to the clipboard.',
    failed: 'Could not copy. Select the text and copy it by hand.',
  },
  settings: {
    intro: 'Make the quiz yours. Visitors see every change on their next page load. No restart, no rebuild.',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved. Visitors see it on their next page load.',
    nothingChanged: 'Nothing has changed here yet.',
    failed: 'This could not be saved. Check your connection and try again.',
    fixFields: (count: number) => (count === 1 ? 'Please fix the field marked above.' : `Please fix the ${count} fields marked above.`),
    fromServer: (variable: string) => `Set on the server (${variable}). Change it there; it wins over this screen.`,
    defaultValue: (value: string) => `Default: ${value}`,
    optional: 'optional',
    on: 'On',
    off: 'Off',
    viewLanding: 'See your landing page',
    newTab: '(opens in a new tab)',
    photo: {
      choose: 'Choose a photo or logo',
      replace: 'Replace',
      remove: 'Remove',
      removing: 'Removing…',
      uploading: 'Uploading…',
      uploaded: 'Your picture is up. Visitors see it on their next page load.',
      removed: 'Your picture is removed.',
      none: 'No picture yet. A friendly face builds trust.',
      hint: 'PNG, JPEG or WebP, at most 1 MB, at least 64 × 64 pixels. A square picture fits the round frame best.',
      tooBig: (size: string) => `Photo or logo: at most 1 MB (this one is ${size}). Save a smaller version, about 800 pixels wide is plenty.`,
      current: 'Your current picture',
    },
    sections: [
      {
        id: 'identity',
        title: 'You',
        intro: 'Shown on the landing page as “A quiz by …”, in the footer, and beside your course.',
        keys: ['coachName', 'coachIntro', 'coachPhoto'],
      },
      {
        id: 'course',
        title: 'Your course',
        intro: 'Where “Show Me the Course” leads, and how you describe it under “Now what?” on the results page.',
        keys: ['courseUrl', 'coursePitch', 'courseLength', 'coursePrice', 'courseOutcome'],
      },
      {
        id: 'privacy',
        title: 'Privacy and consent',
        intro: 'What the e-mail form says about the address. A change is a new consent version; leads keep the wording they saw.',
        keys: ['privacyUrl', 'consentCheckbox', 'consentText'],
      },
      {
        id: 'help',
        title: 'Help line',
        intro: 'When most drivers need support, the results gently suggest professional help. Add your own line and link under it.',
        keys: ['helpLineText', 'helpLineUrl'],
      },
      {
        id: 'analytics',
        title: 'Analytics',
        intro: 'The time zone in which your dashboard counts days.',
        keys: ['analyticsTimeZone'],
      },
    ] satisfies { id: string; title: string; intro: string; keys: SettingKey[] }[],
    hints: {
      coachName: 'Your name or your business’s, as visitors should read it.',
      coachIntro: 'One line, for example: ADHD coach for busy founders.',
      courseUrl: 'The page where people buy or join the course. Starts with https://.',
      coursePitch: 'A few sentences in your own voice. Leave a blank line between paragraphs. Empty: our default pitch.',
      courseLength: 'For example: 4 weeks, 15 minutes a day.',
      coursePrice: 'For example: $49, or Free.',
      courseOutcome: 'What they come away with, for example: a morning routine that sticks.',
      privacyUrl: 'Your privacy policy, linked under the e-mail form. Starts with https://.',
      consentCheckbox: 'An optional, unticked box asking to e-mail tips and news. Never required for the insights.',
      consentText: 'The box’s label: one or two short sentences.',
      helpLineText: 'For example: Book a free 20-minute call with me.',
      helpLineUrl: 'A page (https://) or a phone number (tel:+15551234567).',
      analyticsTimeZone: 'Changing it counts the profiles by day in the new zone from now on, for every day; funnel counts already stored keep their day.',
    } satisfies Partial<Record<SettingKey, string>>,
  },
} as const;
