import { useEffect, useLayoutEffect, useRef } from 'react';
import { coreDrivers } from '../../content/drivers';
import { quizCopy as ourQuizCopy } from '../../content/quiz';
import { pageTitle } from '../../content/site';
import { reportFunnelStep } from '../../lib/funnel';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { useDriver } from '../../lib/driver-words';
import { useWords } from '../../lib/words';
import { DRIVER_COUNT, quizTimings } from '../../shared/constants';
import { questionStep } from '../../shared/funnel';
import { AnswerOptions } from './answer-options';
import { QuizComplete } from './quiz-complete';
import { QuizHeader } from './quiz-header';
import { keyScopeAttribute } from './quiz-keys';
import { QuizNavigation } from './quiz-navigation';
import { QuizQuestion } from './quiz-question';
import { currentRating, isComplete, progressPercent } from './quiz-reducer';
import { useQuiz } from './use-quiz';

/** The quiz screen (SPEC section 2): nine questions, one per Core Driver, then the hand-over to the results. */
export default function QuizPage() {
  const [state, dispatch] = useQuiz();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedQuestion = useRef(state.question);
  const complete = isComplete(state);
  const quizCopy = useWords(ourQuizCopy, 'quiz');
  usePageTitle(pageTitle(complete ? quizCopy.complete.title : quizCopy.questionOf(state.question, DRIVER_COUNT)));
  useFocusOnArrival(heading);

  useEffect(() => reportFunnelStep('quiz_started'), []);
  useEffect(() => {
    if (!complete) reportFunnelStep(questionStep(state.question));
  }, [complete, state.question]);

  // On the first screen of a page load nothing has focus yet, and the keys answer only while focus is
  // in the question (./quiz-keys.ts): the heading takes it, unless the page is a frame without focus
  // (the coach's page around it keeps its own).
  useEffect(() => {
    if (document.activeElement === document.body && document.hasFocus()) heading.current?.focus();
  }, []);

  // After each question change, focus moves to the new heading so a screen reader announces it. Before
  // the browser paints: the old heading is gone with its question, and a key pressed in between would
  // find focus on <body>, outside the question, where the keys do nothing.
  useLayoutEffect(() => {
    if (focusedQuestion.current === state.question) return;
    focusedQuestion.current = state.question;
    heading.current?.focus();
  }, [state.question]);

  // Once complete, the question number is past the last driver: the last one stands in (not shown).
  const driver = useDriver(coreDrivers[Math.min(state.question, DRIVER_COUNT) - 1]?.id ?? 9);
  const rating = currentRating(state);

  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <QuizHeader
        question={complete ? null : state.question}
        percent={progressPercent(state.question)}
        message={state.message}
      />
      <main {...{ [keyScopeAttribute]: '' }} className="mx-auto w-full max-w-2xl flex-1 px-5 pt-4 pb-2 sm:pt-10 sm:pb-8">
        {complete ? (
          <QuizComplete headingRef={heading} />
        ) : (
          <div
            key={state.question}
            className={`transition-[opacity,translate] ease-out ${state.transition ? 'opacity-0' : 'opacity-100'} ${
              state.arrivedBy === 'previous' ? 'motion-safe:starting:-translate-x-4' : 'motion-safe:starting:translate-x-4'
            } starting:opacity-0`}
            style={{ transitionDuration: `${state.transition ? quizTimings.transitionMs : quizTimings.fadeInMs}ms` }}
          >
            <QuizQuestion driver={driver} headingRef={heading} />
            <AnswerOptions selected={rating} onSelect={(value) => dispatch({ type: 'answerSelected', rating: value })} />
            <QuizNavigation
              showPrevious={state.question > 1}
              nextEnabled={rating !== null}
              isLast={state.question === DRIVER_COUNT}
              onPrevious={() => dispatch({ type: 'previousRequested' })}
              onNext={() => dispatch({ type: 'nextRequested' })}
            />
          </div>
        )}
      </main>
    </div>
  );
}
