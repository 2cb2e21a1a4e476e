import type { Ref } from 'react';
import { quizCopy } from '../../content/quiz';
import { CheckIcon } from './icons';

/**
 * The complete state (question above 9), shown for the moment before the results open: under the
 * quiz's own header, in the type of the results' title it hands over to. Above the confetti's canvas
 * (z-index 100, src/lib/confetti.ts), on the page's own colour: the burst falls behind it, never over
 * Quiz Complete!.
 */
export function QuizComplete({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <div className="relative z-[101] mx-auto mt-6 flex w-fit flex-col items-center rounded-3xl bg-paper px-6 py-4 text-center sm:mt-10">
      <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-sun text-teal-dark sm:size-16">
        <CheckIcon className="size-7 sm:size-8" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold tracking-tight text-balance text-teal-dark outline-none sm:text-4xl"
      >
        {quizCopy.complete.title}
      </h1>
      <p className="mt-1 text-muted sm:text-lg">{quizCopy.complete.subtitle}</p>
    </div>
  );
}
