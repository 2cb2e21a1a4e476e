import { useId } from 'react';
import { quizCopy } from '../../content/quiz';
import type { Rating } from '../../shared/constants';
import { CheckIcon } from './icons';

type AnswerOptionsProps = {
  selected: Rating | null;
  onSelect: (rating: Rating) => void;
};

/** The prompt and the three answers as toggle buttons; the chosen one is pressed. */
export function AnswerOptions({ selected, onSelect }: AnswerOptionsProps) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-prompt`} className="mt-8">
      <h2 id={`${id}-prompt`} className="font-semibold text-ink sm:text-lg">
        {quizCopy.prompt}
      </h2>
      <div className="mt-3 grid gap-3">
        {quizCopy.answers.map(({ rating, label, hint }) => {
          const pressed = rating === selected;
          return (
            <button
              key={rating}
              type="button"
              aria-pressed={pressed}
              onClick={() => onSelect(rating)}
              className={`flex min-h-16 w-full items-center gap-4 rounded-2xl border-2 px-4 py-3 text-left transition-colors duration-150 ${
                pressed ? 'border-teal bg-teal-soft' : 'border-line bg-white hover:border-teal/40 hover:bg-teal-soft/40'
              }`}
            >
              <span
                className={`grid size-7 shrink-0 place-items-center rounded-full border-2 transition-colors duration-150 ${
                  pressed ? 'border-teal bg-teal text-white' : 'border-muted/50 text-transparent'
                }`}
              >
                <CheckIcon className="size-4" />
              </span>
              {/* Named by all its visible text, label then hint, with a space between (WCAG 2.5.3 Label in Name). */}
              <span className="flex flex-col">
                <span className="text-lg leading-snug font-semibold text-ink">{label}</span>{' '}
                <span className="text-base leading-snug text-muted">{hint}</span>
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
