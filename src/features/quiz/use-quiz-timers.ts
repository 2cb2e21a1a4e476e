import { useEffect, type Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { clearConfetti, fireConfetti } from '../../lib/confetti';
import { forgetUnlock } from '../../lib/results-memory';
import { confetti, quizTimings } from '../../shared/constants';
import type { CoreDriversState } from '../../shared/core-drivers-state';
import { isComplete, messageDurationMs, toCoreDriverResults, type QuizAction, type QuizState } from './quiz-reducer';

/**
 * Runs the quiz's clocks from its state: the fade before a question changes, how long a message
 * stays, and, once the quiz is complete, the confetti and the push to the results 500 ms later (the
 * confetti cleared away as they open).
 * Every timer is cleared when the state it belongs to goes away, so none fires twice.
 */
export function useQuizTimers(state: QuizState, dispatch: Dispatch<QuizAction>) {
  const navigate = useNavigate();
  const { transition, message, ratings } = state;
  const complete = isComplete(state);

  useEffect(() => {
    if (!transition) return;
    const timer = setTimeout(() => dispatch({ type: 'transitionFinished' }), quizTimings.transitionMs);
    return () => clearTimeout(timer);
  }, [transition, dispatch]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => dispatch({ type: 'messageExpired', key: message.key }), messageDurationMs(message.kind));
    return () => clearTimeout(timer);
  }, [message, dispatch]);

  useEffect(() => {
    const coreDrivers = complete ? toCoreDriverResults(ratings) : null;
    if (!coreDrivers) return;
    void fireConfetti(confetti.quiz);
    const handOver: CoreDriversState = { coreDrivers };
    const timer = setTimeout(() => {
      // The burst ends with the quiz, in the same frame: the results' loading frame never shows under it.
      clearConfetti();
      // A new run starts at the gate (SPEC section 4), even with the same ratings as one this tab unlocked.
      forgetUnlock();
      // A push, not a replace: Back from the results returns to the quiz.
      navigate(paths.results, { state: handOver });
    }, quizTimings.navigateToResultsMs);
    return () => clearTimeout(timer);
  }, [complete, ratings, navigate]);
}
