/**
 * Copy of what the visitor keeps after the results page: the private profile page (reached from the
 * results e-mail), what changed since an earlier quiz, the printout, the page a dead link shows, and
 * the page that confirms the marketing opt-in. Written for the same tired, distracted reader as the
 * results: short sentences, reading grade 8 or below (src/content/readability.test.ts).
 */
import type { Rating } from '../shared/constants';

/** The quiz's own answer labels (SPEC section 3), used where a rating is compared with an earlier one. */
export const answerWords: Record<Rating, string> = {
  1: 'This is me',
  2: 'Sometimes',
  3: "I'm good at this",
};

export const profileCopy = {
  /** While the page asks the server for the profile. */
  loading: 'Opening your profile...',
  /** Under the title: when this profile was saved. */
  takenOn: (day: string) => `Your answers from ${day}.`,
  greeting: (firstName: string) => `Welcome back, ${firstName}.`,
  /** The insights' heading on a return visit: the results page's, without its "Got it!" (nothing was just given). */
  insightsTitle: "Here's what your Core Driver profile reveals",
  print: {
    button: 'Print or save as PDF',
    /** Only in the printout, at its foot: who made it and where to take the quiz again. */
    footer: (coachName: string | null, site: string) =>
      coachName ? `From ${coachName}. Take the quiz again at ${site}` : `Take the quiz again at ${site}`,
    /** The printout's own line under the title: every card's scenario is on the page already. */
    ratingsTitle: 'Your nine drivers',
  },
  changes: {
    title: 'What changed since last time',
    /** The two dates the comparison is between. */
    intro: (earlier: string, later: string) => `You took the quiz on ${earlier}, and again on ${later}.`,
    /** The same, when both were on one day (a retake an hour or two later). */
    introSameDay: (day: string) => `You took the quiz on ${day}, and again later that day.`,
    /** Between a driver's earlier and later rating badges on the page, for screen readers (the arrow is hidden). */
    to: 'now',
    /** One changed driver: "Task Initiation: This is me → Sometimes, since 3 March". */
    line: (driver: string, before: string, after: string, since: string) => `${driver}: ${before} → ${after}, since ${since}`,
    none: 'Every driver has the same rating as last time. Steady is good news too.',
    /** How many drivers stayed where they were, after the list of changes. */
    unchanged: (count: number) =>
      count === 1 ? 'The other driver kept its rating.' : `The other ${count} drivers kept their ratings.`,
  },
  dead: {
    /** The browser tab's title and the page's heading. */
    title: 'This link no longer works',
    text: 'Links to your profile last for a while, then stop. They also stop at once if you ask for your details to be deleted.',
    retake: 'You can take the quiz again at any time. It takes about two minutes.',
    button: 'Take the quiz again',
  },
  /** The server could not be reached: the link may still be fine. */
  unavailable: {
    title: 'We could not open your profile',
    text: 'Something went wrong on our side. Please try again in a few minutes.',
    button: 'Try again',
  },
} as const;

/** The page behind the confirm button of the results e-mail. It carries no advertising of its own. */
export const confirmCopy = {
  title: 'Confirm your email',
  /** The coach asks; the visitor decides. */
  text: (coachName: string | null) =>
    `${coachName ?? 'The coach who runs this quiz'} would like to send you tips and news about the course. Press the button if you want them.`,
  /** Said plainly, so doing nothing is a real choice. */
  ignore: 'If you do nothing, you will not get them.',
  button: 'Yes, send me tips and news',
  busy: 'Confirming...',
  /** After the press, and whenever a confirmed person opens their used link again. */
  done: {
    title: 'Thank you, you are confirmed',
    text: 'You can unsubscribe at any time.',
    /** The ways on: back to the profile (when the link carries its token), and the course (a new tab). */
    profileLink: 'Open your profile',
    courseLink: 'Show Me the Course',
    newTabHint: '(opens in a new tab)',
  },
  dead: {
    title: 'This link no longer works',
    text: 'Confirm links work once, for seven days. Nothing has changed. If you still want tips and news, take the quiz again and tick the box.',
    button: 'Take the quiz again',
  },
  failed: {
    title: 'Something went wrong',
    text: 'Nothing has changed yet. Please try again in a few minutes.',
  },
} as const;
