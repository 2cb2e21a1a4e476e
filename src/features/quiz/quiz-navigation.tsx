import { quizCopy } from '../../content/quiz';
import { ArrowIcon } from './icons';

type QuizNavigationProps = {
  showPrevious: boolean;
  nextEnabled: boolean;
  isLast: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/**
 * Previous (not on question 1) and Next, which reads See My Results on question 9. The bar sticks to
 * the bottom of the screen, so on a short screen (a phone held sideways, zoom) the actions stay in
 * reach; where the whole question fits, it simply sits under the answers.
 */
export function QuizNavigation({ showPrevious, nextEnabled, isLast, onPrevious, onNext }: QuizNavigationProps) {
  return (
    <div className="@container sticky bottom-0 -mx-5 mt-1.5 bg-paper px-5 py-3 short:border-t short:border-line/70 sm:mt-4">
      {/* Under 16em wide (text at 150 % or more on a phone) Next takes its own line rather than spill out of its button. */}
      <div className="flex items-center justify-between gap-3 @max-[16em]:flex-wrap">
        {showPrevious && (
          <button
            type="button"
            onClick={onPrevious}
            className="-ml-3 inline-flex min-h-12 shrink-0 items-center gap-2 rounded-full px-3 font-semibold text-teal transition-colors hover:bg-teal-soft"
          >
            <ArrowIcon direction="left" className="hidden size-5 sm:block" />
            {quizCopy.buttons.previous}
          </button>
        )}
        <button
          type="button"
          onClick={onNext}
          disabled={!nextEnabled}
          className="btn-primary ml-auto min-w-0 px-6 py-2 text-center leading-tight sm:px-7 sm:text-lg disabled:cursor-not-allowed disabled:bg-line disabled:text-muted disabled:shadow-none"
        >
          {isLast ? quizCopy.buttons.seeResults : quizCopy.buttons.next}
          <ArrowIcon direction="right" className="size-5 shrink-0" />
        </button>
      </div>
    </div>
  );
}
