import { useId } from 'react';
import { quizCopy as ourQuizCopy } from '../../content/quiz';
import { useWords } from '../../lib/words';
import type { Rating } from '../../shared/constants';
import { CheckIcon } from './icons';
import { answerButtonAttribute } from './quiz-keys';

type AnswerOptionsProps = {
  selected: Rating | null;
  onSelect: (rating: Rating) => void;
};

/**
 * The prompt and the three answers as toggle buttons; the chosen one is pressed. On devices with a
 * keyboard each answer's ring shows the key that chooses it, and, from 640 px up, a line under them
 * says so; both are hidden from screen readers, which hear the same three choices everywhere.
 */
export function AnswerOptions({ selected, onSelect }: AnswerOptionsProps) {
  const quizCopy = useWords(ourQuizCopy, 'quiz');
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-prompt`} className="mt-3 sm:mt-6">
      <h2 id={`${id}-prompt`} className="text-[0.9375rem] font-semibold text-ink sm:text-base">
        {quizCopy.prompt}
      </h2>
      {/* One column no wider than the screen: a long word in a hint wraps instead of widening every answer past the edge. */}
      <div className="mt-2 grid grid-cols-1 gap-2 sm:gap-2.5">
        {quizCopy.answers.map(({ rating, label, hint }) => {
          const pressed = rating === selected;
          return (
            <button
              key={rating}
              type="button"
              aria-pressed={pressed}
              {...{ [answerButtonAttribute]: '' }}
              onClick={() => onSelect(rating)}
              className={`flex min-h-13 w-full items-center gap-3 rounded-2xl border-2 px-3.5 py-2 text-left transition-colors duration-150 sm:min-h-15 sm:px-4 ${
                pressed ? 'border-teal bg-teal-soft' : 'border-line bg-white hover:border-teal/40 hover:bg-teal-soft/40'
              }`}
            >
              <span
                className={`grid size-6 shrink-0 place-items-center rounded-full border-2 transition-colors duration-150 ${
                  pressed ? 'border-teal bg-teal text-white' : 'border-muted/50 text-transparent'
                }`}
              >
                {pressed ? (
                  <CheckIcon className="size-3.5" />
                ) : (
                  <span aria-hidden="true" className="hidden text-xs leading-none font-bold text-muted tabular-nums keyboard:block">
                    {rating}
                  </span>
                )}
              </span>
              {/* Named by all its visible text, label then hint, with a space between (WCAG 2.5.3 Label in Name). */}
              <span className="flex min-w-0 flex-col wrap-break-word">
                <span className="leading-snug font-semibold text-ink sm:text-[1.0625rem]">{label}</span>{' '}
                <span className="text-sm leading-snug text-muted">{hint}</span>
              </span>
            </button>
          );
        })}
      </div>
      {/* From 640 px up: on a narrow window every line counts, and the keys on the rings still show. */}
      <p aria-hidden="true" className="mt-2 hidden text-[0.8125rem] text-muted keyboard:sm:block">
        {quizCopy.keyHint}
      </p>
    </div>
  );
}
