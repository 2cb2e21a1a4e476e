import { memo, type Ref } from 'react';
import type { CoreDriver } from '../../content/drivers';
import { DriverIcon } from '../shared/driver-icon';
import { splitScenario } from './split-scenario';

type QuizQuestionProps = {
  driver: CoreDriver;
  /** The heading takes focus when the question changes, so a screen reader announces the new one. */
  headingRef: Ref<HTMLHeadingElement>;
};

/**
 * The driver's icon, name and one-line description, and its scenario with the first seven words in bold.
 * Memoised: choosing an answer re-renders the quiz, never this part, so the click paints sooner.
 */
export const QuizQuestion = memo(function QuizQuestion({ driver, headingRef }: QuizQuestionProps) {
  const { bold, rest } = splitScenario(driver.scenario);
  return (
    <>
      {/* Where the name would have less than 12rem beside the icon (text at 200 % on a phone), it goes under the icon. */}
      <div className="flex flex-wrap items-start gap-3">
        <DriverIcon id={driver.id} className="mt-0.5 size-8 sm:size-10" />
        <div className="min-w-0 grow basis-48">
          <h1
            ref={headingRef}
            tabIndex={-1}
            aria-describedby={`driver-${driver.id}-description`}
            className="text-2xl leading-tight font-bold tracking-tight text-balance wrap-break-word text-teal-dark outline-none sm:text-[2rem]"
          >
            {driver.name}
          </h1>
          <p id={`driver-${driver.id}-description`} className="mt-1 text-[0.9375rem] leading-snug text-pretty text-muted sm:text-base">
            {driver.description}
          </p>
        </div>
      </div>
      {/* No bar in the driver's colour beside the answers: a red or green one would read as a rating before any is chosen. */}
      <p className="mt-3 rounded-2xl border border-line bg-white px-4 py-3 text-[0.9375rem] leading-normal text-pretty shadow-sm sm:px-5 sm:py-4 sm:text-[1.0625rem]">
        <strong className="font-semibold text-ink">{bold}</strong>
        {rest}
      </p>
    </>
  );
});
