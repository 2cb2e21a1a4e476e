import { useEffect, useMemo, useRef, useState } from 'react';
import { driverById } from '../../content/drivers';
import { resultsCopy } from '../../content/results';
import { pageTitle, site } from '../../content/site';
import { fireConfetti } from '../../lib/confetti';
import { reportFunnelStep } from '../../lib/funnel';
import { LiveRegion } from '../../lib/live-region';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { confetti } from '../../shared/constants';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { CourseCta } from './course-cta';
import { FlipCard } from './flip-card';
import { buildInsights } from './insights';
import { InsightsPanel } from './insights-panel';
import { LeadGate } from './lead-gate';
import { RatingLegend } from './rating-legend';
import { Spinner } from './spinner';
import { useResultsTimeline } from './use-results-timeline';

const copy = resultsCopy.profile;

/**
 * The results for nine valid ratings, revealed on the SPEC section 4 timeline. Every part keeps its
 * place from the start (hidden until its moment), so nothing on the page jumps as it appears.
 */
export function ResultsView({ drivers }: { drivers: CoreDriverResult[] }) {
  const { loading, cardsShown, legendShown, gateShown } = useResultsTimeline();
  const [unlockedFor, setUnlockedFor] = useState<string | null>(null);
  const insights = useMemo(() => buildInsights(drivers), [drivers]);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle(copy.title));
  // The heading is transparent while the results load; it takes focus the moment it shows.
  useFocusOnArrival(heading, !loading);

  useEffect(() => reportFunnelStep('results'), []);

  useEffect(() => {
    // Decoration only: a failed confetti load must not break the page.
    if (legendShown) fireConfetti(confetti.resultsArrival).catch(() => undefined);
  }, [legendShown]);

  return (
    <main className="mx-auto w-full max-w-5xl px-5 pt-10 pb-16 sm:pt-14">
      <div className="relative">
        {loading && (
          <div aria-hidden="true" className="absolute inset-x-0 top-0 flex justify-center pt-6">
            <Spinner />
          </div>
        )}
        {/* One live region for the arrival: "Analyzing..." while loading, then, once, that the profile is ready. */}
        <LiveRegion
          message={loading ? resultsCopy.loading : resultsCopy.profileReady}
          className={loading ? 'absolute inset-x-0 top-16 pt-3 text-center text-lg font-semibold text-teal-dark' : 'sr-only'}
        />
        {/* Transparent, not hidden, while loading: the screen keeps its level-one heading for assistive technology. */}
        <header className={`text-center ${loading ? 'opacity-0' : ''}`}>
          <p className="text-sm font-semibold tracking-wide text-teal uppercase">{site.productName}</p>
          <h1 id="profile-title" ref={heading} tabIndex={-1} className="mt-2 text-3xl outline-none font-bold text-balance text-teal-dark sm:text-4xl">{copy.title}</h1>
          <p className="mt-2 text-lg text-muted">{copy.subtitle}</p>
        </header>

        <ul aria-labelledby="profile-title" className="mt-8 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {drivers.map((driver, index) => {
            const { shortName, description } = driverById(driver.id);
            return (
              <FlipCard
                key={driver.id}
                name={shortName}
                description={description}
                scenario={driver.scenario}
                rating={driver.rating}
                shown={index < cardsShown}
              />
            );
          })}
        </ul>
        <RatingLegend shown={legendShown} />
      </div>

      <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-muted">{site.disclaimer}</p>

      <div className="mx-auto mt-10 max-w-2xl">
        {unlockedFor === null ? (
          // Inert as well as invisible until its moment: nothing hidden can take focus.
          <div className={gateShown ? '' : 'invisible'} inert={!gateShown}>
            <LeadGate ratings={drivers.map((driver) => driver.rating)} onUnlocked={setUnlockedFor} />
          </div>
        ) : (
          <>
            <InsightsPanel insights={insights} firstName={unlockedFor} />
            <CourseCta />
          </>
        )}
      </div>
    </main>
  );
}
