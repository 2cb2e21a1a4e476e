import { useEffect, type Dispatch } from 'react';
import { keyTargetOf, quizKeyAction } from './quiz-keys';
import type { QuizAction } from './quiz-reducer';

/** While the quiz is on screen, keys 1, 2, 3 and Enter send the same actions as the clicks they stand for. */
export function useQuizKeys(dispatch: Dispatch<QuizAction>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const action = quizKeyAction({
        key: event.key,
        target: keyTargetOf(event.target instanceof Element ? event.target : null),
        modified: event.ctrlKey || event.altKey || event.metaKey || event.shiftKey,
        repeat: event.repeat,
        composing: event.isComposing,
      });
      if (!action) return;
      // Enter on a chosen answer would click it again; it goes on instead, once.
      event.preventDefault();
      dispatch(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);
}
