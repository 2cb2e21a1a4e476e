import { quizCopy } from '../../content/quiz';
import { DRIVER_COUNT } from '../../shared/constants';
import { CheckIcon } from './icons';
import type { QuizMessage } from './quiz-reducer';
import { ProductName } from '../shared/product-name';

type QuizHeaderProps = {
  /** The question on screen, or null once the quiz is complete (then no count and no bar). */
  question: number | null;
  percent: number;
  message: QuizMessage | null;
};

/**
 * Product name, Question N of 9, the percent label and the progress bar, in one slim band that sticks
 * only on screens tall enough to spare it. The message floats on the band's lower edge, so it takes
 * no room from the question and nothing moves when it comes and goes.
 */
export function QuizHeader({ question, percent, message }: QuizHeaderProps) {
  const questionOf = question === null ? null : quizCopy.questionOf(question, DRIVER_COUNT);
  return (
    <header className="relative z-10 border-b border-line/70 bg-paper tall:sticky tall:top-0">
      <div className="mx-auto w-full max-w-2xl px-5 pt-3 pb-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <ProductName />
          {questionOf && (
            <p className="text-sm text-muted">
              <span className="font-semibold text-ink">{questionOf}</span>
              <span aria-hidden="true" className="px-1.5">·</span>
              <span aria-hidden="true">{quizCopy.percentComplete(percent)}</span>
            </p>
          )}
        </div>
        {questionOf && (
          <div
            role="progressbar"
            aria-label={quizCopy.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${questionOf}, ${quizCopy.percentComplete(percent)}`}
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-teal-soft"
          >
            <div
              className="h-full rounded-full bg-teal transition-[width] duration-300 ease-out"
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
      </div>
      {/* Always in the page, so screen readers hear each message. */}
      <div aria-live="polite" aria-atomic="true" className="absolute inset-x-0 top-full">
        <div className="mx-auto flex w-full max-w-2xl justify-end px-5">
          {message && (
            <p
              key={message.key}
              className="-mt-3.5 flex items-center gap-1.5 rounded-full bg-sun-soft px-3 py-1 text-sm font-semibold text-teal-dark shadow-sm ring-1 ring-sun transition-[scale] duration-200 motion-safe:starting:scale-90"
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
