import type { Ref } from 'react';
import type { CoreDriver } from '../../content/drivers';
import { splitScenario } from './split-scenario';

type QuizQuestionProps = {
  driver: CoreDriver;
  /** The heading takes focus when the question changes, so a screen reader announces the new one. */
  headingRef: Ref<HTMLHeadingElement>;
};

/** The driver's name, one-line description and scenario, its first seven words in bold. */
export function QuizQuestion({ driver, headingRef }: QuizQuestionProps) {
  const { bold, rest } = splitScenario(driver.scenario);
  return (
    <>
      <h1
        ref={headingRef}
        tabIndex={-1}
        aria-describedby={`driver-${driver.id}-description`}
        className="scroll-mt-36 text-[1.75rem] leading-tight font-bold text-balance text-teal-dark outline-none sm:text-4xl"
      >
        {driver.name}
      </h1>
      <p id={`driver-${driver.id}-description`} className="mt-2 text-pretty text-muted sm:text-lg">
        {driver.description}
      </p>
      <p
        className="mt-5 rounded-2xl border border-l-4 border-line bg-white px-5 py-4 sm:text-lg text-pretty shadow-sm"
        style={{ borderLeftColor: driver.assignedColor }}
      >
        <strong className="font-semibold text-ink">{bold}</strong>
        {rest}
      </p>
    </>
  );
}
