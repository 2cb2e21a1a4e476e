/**
 * The quiz state of SPEC section 4 as a pure reducer: one action per user interaction, plus the two
 * a timer sends when its time is up (`transitionFinished`, `messageExpired`). Timers themselves run
 * in `useQuizTimers`; everything here is synchronous and tested on its own.
 */
import { coreDrivers } from '../../content/drivers';
import type { QuizMessageKind } from '../../content/quiz';
import { DRIVER_COUNT, encouragementAt, quizTimings, RATINGS, type Rating } from '../../shared/constants';
import type { CoreDriverResult } from '../../shared/core-drivers-state';

export type Move = 'next' | 'previous';

export type QuizMessage = {
  kind: QuizMessageKind;
  /** Counts up with every message shown, so the timer of an older message cannot clear a newer one. */
  key: number;
};

export type QuizState = {
  /** 1 to 9 while answering; above 9 once the quiz is complete. */
  question: number;
  /** One entry per driver in quiz order; null until rated. */
  ratings: readonly (Rating | null)[];
  /** The move waiting for the content to fade out, or null when none is under way. */
  transition: Move | null;
  /** The move that brought the current question, so it slides in from the matching side. */
  arrivedBy: Move | null;
  message: QuizMessage | null;
};

export type QuizAction =
  | { type: 'answerSelected'; rating: number }
  | { type: 'nextRequested' }
  | { type: 'previousRequested' }
  | { type: 'transitionFinished' }
  | { type: 'messageExpired'; key: number };

export const initialQuizState: QuizState = {
  question: 1,
  ratings: Array.from({ length: DRIVER_COUNT }, () => null),
  transition: null,
  arrivedBy: null,
  message: null,
};

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'answerSelected': {
      const chosen = action.rating;
      if (!isRating(chosen) || isComplete(state) || state.transition) return state;
      const ratings = state.ratings.map((rating, index) => (index === state.question - 1 ? chosen : rating));
      return { ...state, ratings, message: nextMessage(state, 'gotIt') };
    }
    case 'nextRequested': {
      if (!canGoNext(state)) return state;
      // See My Results: the quiz is complete at once; confetti and navigation follow from that.
      if (state.question === DRIVER_COUNT) return { ...state, question: DRIVER_COUNT + 1, message: null };
      return { ...state, transition: 'next' };
    }
    case 'previousRequested':
      return canGoBack(state) ? { ...state, transition: 'previous' } : state;
    case 'transitionFinished': {
      if (!state.transition) return state;
      const question = state.question + (state.transition === 'next' ? 1 : -1);
      const encouragement = state.transition === 'next' ? encouragementOn(question) : null;
      // Got it! belongs to the answer it confirms: it never carries onto another question.
      const carried = state.message?.kind === 'gotIt' ? null : state.message;
      return {
        ...state,
        question,
        transition: null,
        arrivedBy: state.transition,
        message: encouragement ? nextMessage(state, encouragement) : carried,
      };
    }
    case 'messageExpired':
      return state.message?.key === action.key ? { ...state, message: null } : state;
  }
}

function isRating(value: number): value is Rating {
  return (RATINGS as readonly number[]).includes(value);
}

function nextMessage(state: QuizState, kind: QuizMessageKind): QuizMessage {
  return { kind, key: (state.message?.key ?? 0) + 1 };
}

function encouragementOn(question: number): QuizMessageKind | null {
  if (question === encouragementAt.halfway) return 'halfway';
  if (question === encouragementAt.almostDone) return 'almostDone';
  return null;
}

/** The quiz is complete when the question number exceeds 9. */
export function isComplete(state: QuizState): boolean {
  return state.question > DRIVER_COUNT;
}

/** The rating of the question on screen, or null. */
export function currentRating(state: QuizState): Rating | null {
  return state.ratings[state.question - 1] ?? null;
}

/** Next (or See My Results) works once the question on screen is rated and nothing is moving. */
export function canGoNext(state: QuizState): boolean {
  return !isComplete(state) && !state.transition && currentRating(state) !== null;
}

export function canGoBack(state: QuizState): boolean {
  return !isComplete(state) && !state.transition && state.question > 1;
}

/** Percent complete for display: round((question - 1) / 9 * 100), so question 9 shows 89. */
export function progressPercent(question: number): number {
  return Math.round(((question - 1) / DRIVER_COUNT) * 100);
}

/** How long a message stays on screen. */
export function messageDurationMs(kind: QuizMessageKind): number {
  return kind === 'gotIt' ? quizTimings.answerConfirmationMs : quizTimings.encouragementMs;
}

/**
 * The hand-over to the results page: all nine drivers in order with their ratings, or null while
 * any is unrated.
 */
export function toCoreDriverResults(ratings: QuizState['ratings']): CoreDriverResult[] | null {
  const results: CoreDriverResult[] = [];
  for (const [index, driver] of coreDrivers.entries()) {
    const rating = ratings[index];
    if (!rating) return null;
    results.push({ id: driver.id, name: driver.name, rating, scenario: driver.scenario });
  }
  return results;
}
