import type { Ref } from 'react';
import { quizCopy } from '../../content/quiz';
import { CheckIcon } from './icons';

/** The complete state (question above 9), shown for the moment before the results open. */
export function QuizComplete({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <div className="flex flex-col items-center pt-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-sun text-teal-dark">
        <CheckIcon className="size-8" />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="mt-6 text-3xl font-bold text-teal-dark outline-none">
        {quizCopy.complete.title}
      </h1>
      <p className="mt-2 text-lg text-muted">{quizCopy.complete.subtitle}</p>
    </div>
  );
}
