import { quizCopy } from '../../content/quiz';
import { site } from '../../content/site';
import { DRIVER_COUNT } from '../../shared/constants';
import { CheckIcon } from './icons';
import type { QuizMessage } from './quiz-reducer';

type QuizHeaderProps = {
  /** The question on screen, or null once the quiz is complete (then no count and no bar). */
  question: number | null;
  percent: number;
  message: QuizMessage | null;
};

/** Product name, Question N of 9, the progress bar and its percent label, and the message live region. */
export function QuizHeader({ question, percent, message }: QuizHeaderProps) {
  const questionOf = question === null ? null : quizCopy.questionOf(question, DRIVER_COUNT);
  return (
    <header className="sticky top-0 z-10 border-b border-line/70 bg-paper/95 backdrop-blur-sm">
      <div className="mx-auto w-full max-w-2xl px-5 pt-4 pb-2">
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-sm font-semibold tracking-wide text-teal uppercase">{site.productName}</p>
          {questionOf && <p className="text-sm font-semibold text-ink">{questionOf}</p>}
        </div>
        {questionOf && (
          <div
            role="progressbar"
            aria-label={quizCopy.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${questionOf}, ${quizCopy.percentComplete(percent)}`}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-teal-soft"
          >
            <div
              className="h-full rounded-full bg-teal transition-[width] duration-300 ease-out"
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
        <div className="mt-1 flex min-h-9 items-center justify-between gap-3">
          {questionOf && (
            <p className="text-sm text-muted" aria-hidden="true">
              {quizCopy.percentComplete(percent)}
            </p>
          )}
          {/* Always in the page, with its height reserved, so screen readers hear each message and nothing shifts. */}
          <div aria-live="polite" aria-atomic="true" className="ml-auto">
            {message && (
              <p
                key={message.key}
                className="flex items-center gap-1.5 rounded-full bg-sun-soft px-3 py-1 text-sm font-semibold text-teal-dark ring-1 ring-sun transition-[scale] duration-200 motion-safe:starting:scale-90"
              >
                <CheckIcon className="size-4" />
                {quizCopy.messages[message.kind]}
              </p>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
