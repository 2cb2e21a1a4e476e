import { quizCopy } from '../../content/quiz';
import { ArrowIcon } from './icons';

type QuizNavigationProps = {
  showPrevious: boolean;
  nextEnabled: boolean;
  isLast: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/** Previous (not on question 1) and Next, which reads See My Results on question 9. */
export function QuizNavigation({ showPrevious, nextEnabled, isLast, onPrevious, onNext }: QuizNavigationProps) {
  return (
    <div className="mt-8 flex items-center justify-between gap-3">
      {showPrevious && (
        <button
          type="button"
          onClick={onPrevious}
          className="-ml-3 inline-flex min-h-12 items-center gap-2 rounded-full px-3 font-semibold text-teal transition-colors hover:bg-teal-soft"
        >
          <ArrowIcon direction="left" className="hidden size-5 sm:block" />
          {quizCopy.buttons.previous}
        </button>
      )}
      <button
        type="button"
        onClick={onNext}
        disabled={!nextEnabled}
        className="btn-primary ml-auto px-6 whitespace-nowrap sm:px-7 sm:text-lg disabled:cursor-not-allowed disabled:bg-line disabled:text-muted disabled:shadow-none"
      >
        {isLast ? quizCopy.buttons.seeResults : quizCopy.buttons.next}
        <ArrowIcon direction="right" className="size-5" />
      </button>
    </div>
  );
}
