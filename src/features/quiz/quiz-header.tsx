import { quizCopy as ourQuizCopy } from '../../content/quiz';
import { useWords } from '../../lib/words';
import { DRIVER_COUNT } from '../../shared/constants';
import { ProductName } from '../shared/product-name';
import { CheckIcon } from './icons';
import type { QuizMessage } from './quiz-reducer';

type QuizHeaderProps = {
  /** The question on screen, or null once the quiz is complete (then no count and no bar). */
  question: number | null;
  percent: number;
  message: QuizMessage | null;
};

/**
 * Product name and Question N of 9 on one line, the progress bar and its percent label on the next,
 * in one slim band that sticks only on screens tall enough to spare it. Each line has a fixed height
 * and never wraps, so the band is as tall on question 9 as on question 1, and as tall once the quiz
 * is complete (when the count and the bar are gone). The message floats just under the bar's line,
 * over the band's lower padding, so it covers neither the bar nor the question, takes no room, and
 * nothing moves when it comes and goes.
 */
export function QuizHeader({ question, percent, message }: QuizHeaderProps) {
  const quizCopy = useWords(ourQuizCopy, 'quiz');
  const questionOf = question === null ? null : quizCopy.questionOf(question, DRIVER_COUNT);
  return (
    <header className="relative z-10 border-b border-line/70 bg-paper tall:sticky tall:top-0">
      <div className="mx-auto w-full max-w-2xl px-5 pt-2.5 pb-3">
        {/* With text at 200 % on a phone the two no longer fit one line: the count wraps under the name, whole. */}
        <div className="flex min-h-5 flex-wrap items-center justify-between gap-x-3 whitespace-nowrap">
          <ProductName />
          {questionOf && <p className="text-sm font-semibold text-ink tabular-nums">{questionOf}</p>}
        </div>
        <div className="mt-1 flex h-4 items-center gap-3">
          {questionOf && (
            <>
              <div
                role="progressbar"
                aria-label={quizCopy.progressLabel}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${questionOf}, ${quizCopy.percentComplete(percent)}`}
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-teal-soft"
              >
                <div
                  className="h-full rounded-full bg-teal transition-[width] duration-300 ease-out"
                  style={{ width: `${percent}%` }}
                />
              </div>
              {/* A fixed width, text from its left edge: neither the bar nor the words move as the number grows. */}
              <p aria-hidden="true" className="w-[6.5em] text-xs whitespace-nowrap text-muted tabular-nums">
                {quizCopy.percentComplete(percent)}
              </p>
            </>
          )}
        </div>
      </div>
      {/* Always in the page, so screen readers hear each message. */}
      <div aria-live="polite" aria-atomic="true" className="absolute inset-x-0 top-full">
        <div className="mx-auto flex w-full max-w-2xl justify-end px-5">
          {message && (
            <p
              key={message.key}
              className="-mt-2 flex items-center gap-1.5 rounded-full bg-sun-soft px-3 py-0.5 text-sm font-semibold text-teal-dark shadow-sm ring-1 ring-sun transition-[scale] duration-200 motion-safe:starting:scale-90"
            >
              <CheckIcon className="size-4" />
              {quizCopy.messages[message.kind]}
            </p>
          )}
        </div>
      </div>
    </header>
  );
}
