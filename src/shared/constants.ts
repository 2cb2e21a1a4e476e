/**
 * The business constants of SPEC section 9, in one place. Durations are in milliseconds.
 * Used by the browser (quiz, results) and the server (lead validation).
 */

/** Nine questions, one per Core Driver. */
export const DRIVER_COUNT = 9;

/** 1 = This is me (needs support), 2 = Sometimes (neutral), 3 = I'm good at this (strong). */
export const RATINGS = [1, 2, 3] as const;
export type Rating = (typeof RATINGS)[number];

export const quizTimings = {
  /** Fade-out before the question changes (Next and Previous). */
  transitionMs: 150,
  /** The new question fades and slides in over this long. */
  fadeInMs: 50,
  /** How long "Got it!" shows after an answer. */
  answerConfirmationMs: 800,
  /** How long "Halfway there!" and "Almost done!" show. */
  encouragementMs: 2000,
  /** From the confetti on question 9 to navigating to the results. */
  navigateToResultsMs: 500,
} as const;

/** The question numbers on arrival at which an encouragement shows. */
export const encouragementAt = { halfway: 5, almostDone: 8 } as const;

export const resultsTimings = {
  loadingEndsMs: 500,
  cardsAppearMs: 800,
  cardStaggerMs: 100,
  legendAndConfettiMs: 2300,
  gateAppearsMs: 2800,
  /** The spec's simulated submission; the real one lasts at least this long too. */
  submitMs: 1500,
  /** Without quiz data, how long before sending the visitor home. */
  redirectWithoutDataMs: 2000,
} as const;

/** Brand palette: pale yellow, dark teal, green. */
export const brandColors = ['#fce8a6', '#0e4d55', '#5ead5a'] as const;

export const confetti = {
  quiz: { particleCount: 100, spread: 70, originY: 0.6 },
  resultsArrival: { particleCount: 100 },
  resultsUnlock: { particleCount: 150 },
} as const;

/** Legend colors of the results page, by rating. */
export const ratingColors: Record<Rating, string> = {
  1: '#BF0811',
  2: '#FFA500',
  3: '#5EAD5A',
};

/** How many leading words of a scenario are bold. */
export const scenarioBoldWords = 7;

export const summaryThresholds = {
  /** Five or more drivers rated 1 (or 3) picks the "most areas" messages. */
  majority: 5,
  /** Three or more weak drivers with strong Emotional Regulation adds the holding-it-together note. */
  holdingItTogetherWeak: 3,
  /** Five or more drivers needing support adds the gentle pointer to professional help (our addition). */
  careWeak: 5,
} as const;
