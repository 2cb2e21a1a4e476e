import { describe, expect, test } from 'vitest';
import { coreDrivers } from '../../content/drivers';
import { quizTimings } from '../../shared/constants';
import { parseCoreDriversState } from '../../shared/core-drivers-state';
import {
  canGoBack,
  canGoNext,
  currentRating,
  initialQuizState,
  isComplete,
  messageDurationMs,
  progressPercent,
  quizReducer,
  toCoreDriverResults,
  type QuizAction,
  type QuizState,
} from './quiz-reducer';

const answer = (rating: number): QuizAction => ({ type: 'answerSelected', rating });
const next: QuizAction = { type: 'nextRequested' };
const previous: QuizAction = { type: 'previousRequested' };
const finished: QuizAction = { type: 'transitionFinished' };

function run(actions: readonly QuizAction[], from: QuizState = initialQuizState): QuizState {
  return actions.reduce(quizReducer, from);
}

/** Answers the question on screen with `rating` and moves on, as a visitor would. */
function answerAndAdvance(count: number, rating = 2): QuizAction[] {
  return Array.from({ length: count }, () => [answer(rating), next, finished]).flat();
}

const onQuestion = (question: number) => run(answerAndAdvance(question - 1));

test('the quiz starts on question 1 with nine empty ratings, no message and nothing moving', () => {
  expect(initialQuizState).toEqual({
    question: 1,
    ratings: [null, null, null, null, null, null, null, null, null],
    transition: null,
    arrivedBy: null,
    message: null,
  });
});

describe('answering', () => {
  test.each([
    ['the first answer', [answer(1)], 1],
    ['a change of answer', [answer(1), answer(3)], 3],
    ['the same answer twice', [answer(2), answer(2)], 2],
    ['a rating below 1, ignored', [answer(0)], null],
    ['a rating above 3, ignored', [answer(4)], null],
    ['a fractional rating, ignored', [answer(1.5)], null],
    ['NaN, ignored', [answer(Number.NaN)], null],
    ['a bad rating after a good one, which stays', [answer(3), answer(7)], 3],
  ])('%s', (_name, actions, expected) => {
    expect(currentRating(run(actions))).toBe(expected);
  });

  test('an answer rates only the question on screen and shows Got it!', () => {
    const state = run([answer(3)], onQuestion(4));
    expect(state.ratings).toEqual([2, 2, 2, 3, null, null, null, null, null]);
    expect(state.message?.kind).toBe('gotIt');
  });

  test('a new answer shows Got it! afresh, so the older timer cannot clear it', () => {
    const first = run([answer(1)]);
    const second = run([answer(2)], first);
    expect(second.message?.key).not.toBe(first.message?.key);
    expect(run([{ type: 'messageExpired', key: first.message?.key ?? -1 }], second).message).toEqual(second.message);
    expect(run([{ type: 'messageExpired', key: second.message?.key ?? -1 }], second).message).toBeNull();
  });

  test('an ignored rating shows no message', () => {
    expect(run([answer(9)]).message).toBeNull();
  });

  test('an answer while the content fades out is ignored', () => {
    const fading = run([answer(1), next]);
    expect(run([answer(3)], fading)).toBe(fading);
  });
});

describe('next and previous', () => {
  test.each([
    ['Next without a rating is ignored', [next, finished], 1, null],
    ['Next after rating waits for the fade', [answer(2), next], 1, 'next'],
    ['Next advances when the fade ends', [answer(2), next, finished], 2, null],
    ['Next twice within the fade advances once', [answer(2), next, next, finished, finished], 2, null],
    ['Previous on question 1 is ignored', [previous, finished], 1, null],
    ['Previous goes back when the fade ends', [...answerAndAdvance(2), previous, finished], 2, null],
    ['Previous twice within the fade goes back once', [...answerAndAdvance(2), previous, previous, finished, finished], 2, null],
    ['Next during a Previous fade is ignored', [...answerAndAdvance(2), previous, next, finished], 2, null],
    ['a stray transitionFinished changes nothing', [finished], 1, null],
  ] as const)('%s', (_name, actions, question, transition) => {
    const state = run(actions);
    expect(state.question).toBe(question);
    expect(state.transition).toBe(transition);
  });

  test('going back keeps every rating and shows the earlier answer', () => {
    const state = run([answer(1), next, finished, answer(3), next, finished, previous, finished, previous, finished]);
    expect(state.question).toBe(1);
    expect(currentRating(state)).toBe(1);
    expect(state.ratings.slice(0, 2)).toEqual([1, 3]);
    expect(state.arrivedBy).toBe('previous');
  });

  test.each([
    [1, false, false],
    [2, false, true],
    [9, false, true],
  ])('on question %i without a rating: Next %s, Previous %s', (question, next, back) => {
    const state = { ...initialQuizState, question };
    expect(canGoNext(state)).toBe(next);
    expect(canGoBack(state)).toBe(back);
  });

  test('nothing can be pressed while the content fades', () => {
    const fading = run([...answerAndAdvance(2), answer(1), next]);
    expect(canGoNext(fading)).toBe(false);
    expect(canGoBack(fading)).toBe(false);
  });
});

describe('encouragement on arrival', () => {
  test.each([
    [2, null],
    [4, null],
    [5, 'halfway'],
    [6, null],
    [7, null],
    [8, 'almostDone'],
    [9, null],
  ])('arriving at question %i by Next shows %s', (question, kind) => {
    // Got it! from the previous answer stays with it, however fast Next came (keys 1-3 and Enter).
    expect(onQuestion(question).message?.kind ?? null).toBe(kind);
  });

  test('Got it! does not come back with Previous either', () => {
    const answered = run([answer(3)], onQuestion(3));
    expect(answered.message?.kind).toBe('gotIt');
    expect(run([previous, finished], answered).message).toBeNull();
  });

  test.each([5, 8])('arriving at question %i by Previous shows no encouragement', (question) => {
    const quiet = { ...onQuestion(question + 1), message: null };
    expect(run([previous, finished], quiet).message).toBeNull();
  });

  test('Halfway there! disappears when its own timer ends', () => {
    const halfway = onQuestion(5);
    expect(run([{ type: 'messageExpired', key: halfway.message?.key ?? -1 }], halfway).message).toBeNull();
  });

  test.each([
    ['gotIt', quizTimings.answerConfirmationMs],
    ['halfway', quizTimings.encouragementMs],
    ['almostDone', quizTimings.encouragementMs],
  ] as const)('%s shows for %i ms', (kind, ms) => {
    expect(messageDurationMs(kind)).toBe(ms);
  });
});

describe('progress', () => {
  test.each([
    [1, 0],
    [2, 11],
    [3, 22],
    [4, 33],
    [5, 44],
    [6, 56],
    [7, 67],
    [8, 78],
    [9, 89],
  ])('question %i shows %i%', (question, percent) => {
    expect(progressPercent(question)).toBe(percent);
    expect(progressPercent(onQuestion(question).question)).toBe(percent);
  });
});

describe('completion', () => {
  test('See My Results on question 9 completes the quiz at once', () => {
    const state = run([answer(3), next], onQuestion(9));
    expect(state.question).toBe(10);
    expect(isComplete(state)).toBe(true);
    expect(state.message).toBeNull();
  });

  test('See My Results twice completes once, and nothing moves afterwards', () => {
    const complete = run([answer(3), next], onQuestion(9));
    for (const action of [next, previous, finished, answer(1)]) {
      expect(quizReducer(complete, action)).toBe(complete);
    }
  });

  test('See My Results without a rating is ignored', () => {
    expect(isComplete(run([next], onQuestion(9)))).toBe(false);
  });

  test('questions 1 to 9 are not complete', () => {
    for (let question = 1; question <= 9; question++) expect(isComplete(onQuestion(question))).toBe(false);
  });
});

describe('hand-over to the results page', () => {
  test('all nine drivers in order with id, name, rating and scenario', () => {
    const ratings = [1, 2, 3, 1, 2, 3, 1, 2, 3] as const;
    const state = run(ratings.flatMap((rating) => [answer(rating), next, finished]));
    expect(toCoreDriverResults(state.ratings)).toEqual(
      coreDrivers.map((driver, index) => ({
        id: driver.id,
        name: driver.name,
        rating: ratings[index],
        scenario: driver.scenario,
      })),
    );
  });

  test('the hand-over passes the results page’s own check of the navigation state', () => {
    const state = run(answerAndAdvance(9, 1));
    const coreDrivers = toCoreDriverResults(state.ratings);
    expect(parseCoreDriversState({ coreDrivers })).toEqual(coreDrivers);
  });

  test('nothing is handed over while a driver is unrated', () => {
    expect(toCoreDriverResults(onQuestion(9).ratings)).toBeNull();
    expect(toCoreDriverResults(initialQuizState.ratings)).toBeNull();
  });
});
