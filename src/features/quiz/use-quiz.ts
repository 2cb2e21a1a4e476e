import { useEffect, useReducer } from 'react';
import { initialQuizState, quizReducer } from './quiz-reducer';
import { useQuizKeys } from './use-quiz-keys';
import { useQuizTimers } from './use-quiz-timers';

/**
 * The quiz's state and dispatch, with its timers running, its keyboard shortcuts listening, and each
 * new state logged (SPEC section 4).
 */
export function useQuiz() {
  const [state, dispatch] = useReducer(quizReducer, initialQuizState);
  useQuizTimers(state, dispatch);
  useQuizKeys(dispatch);

  useEffect(() => {
    // The quiz holds nothing personal: question number, ratings and what is on screen.
    console.info('Quiz state', {
      question: state.question,
      ratings: state.ratings,
      transition: state.transition,
      message: state.message?.kind ?? null,
    });
  }, [state]);

  return [state, dispatch] as const;
}
