import { useEffect, useMemo, useState } from 'react';
import { driverById } from '../../content/drivers';
import { resultsCopy } from '../../content/results';
import { site } from '../../content/site';
import { fireConfetti } from '../../lib/confetti';
import { reportFunnelStep } from '../../lib/funnel';
import { confetti } from '../../shared/constants';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { CourseCta } from './course-cta';
import { FlipCard } from './flip-card';
import { buildInsights, countRatings } from './insights';
import { InsightsPanel } from './insights-panel';
import { LeadGate } from './lead-gate';
import { ProfileGlance } from './profile-glance';
import { RatingLegend } from './rating-legend';
import { useResultsTimeline } from './use-results-timeline';

const copy = resultsCopy.profile;

/**
 * While the profile loads, the page's own frame: the status where the title will be and quiet
 * placeholders where the counts will be (the cards keep placeholders of their own).
 */
function LoadingFrame() {
  const bar = 'block rounded-full bg-line/60';
  return (
    <div className="absolute inset-x-0 top-0 flex flex-col items-center text-center">
      <span aria-hidden="true" className={`${bar} mt-1 h-3 w-28`} />
      <p role="status" className="mt-2.5 text-2xl font-bold tracking-tight text-teal-dark motion-safe:animate-pulse sm:text-4xl">
        {resultsCopy.loading}
      </p>
      <span aria-hidden="true" className={`${bar} mt-2.5 h-4 w-52`} />
      <span aria-hidden="true" className="mt-5 block h-[4.25rem] w-full max-w-md rounded-2xl bg-line/45" />
    </div>
  );
}

/**
 * The results for nine valid ratings, revealed on the SPEC section 4 timeline. Every part keeps its
 * place from the start (hidden until its moment), so nothing on the page jumps as it appears.
 */
export function ResultsView({ drivers }: { drivers: CoreDriverResult[] }) {
  const { loading, cardsShown, legendShown, gateShown } = useResultsTimeline();
  const [unlockedFor, setUnlockedFor] = useState<string | null>(null);
  const insights = useMemo(() => buildInsights(drivers), [drivers]);
  const counts = useMemo(() => countRatings(drivers), [drivers]);

  useEffect(() => reportFunnelStep('results'), []);

  useEffect(() => {
    // Decoration only: a failed confetti load must not break the page.
    if (legendShown) fireConfetti(confetti.resultsArrival).catch(() => undefined);
  }, [legendShown]);

  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-5 pb-16 sm:px-6 sm:pt-12">
      <div className="relative">
        {loading && <LoadingFrame />}
        <header className={`text-center ${loading ? 'invisible' : ''}`}>
          <p className="text-xs font-bold tracking-[0.12em] text-teal uppercase">{site.productName}</p>
          <h1 id="profile-title" className="mt-1.5 text-2xl font-bold tracking-tight text-balance text-teal-dark sm:text-4xl">{copy.title}</h1>
          <p className="mt-1 text-muted sm:text-lg">{copy.subtitle}</p>
          <ProfileGlance counts={counts} />
        </header>

        <ul aria-labelledby="profile-title" className="mt-4 grid grid-cols-1 gap-1.5 sm:mt-8 sm:grid-cols-2 sm:gap-3 lg:grid-cols-3">
          {drivers.map((driver, index) => {
            const { shortName, description } = driverById(driver.id);
            return (
              <FlipCard
                key={driver.id}
                id={driver.id}
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

      {/* Above the gate, not below it: the insights replacing the gate then move nothing after them. */}
      <p className="mx-auto mt-4 max-w-2xl text-center text-xs text-muted sm:text-sm">{site.disclaimer}</p>

      <div className="mx-auto mt-6 max-w-2xl sm:mt-10">
        {unlockedFor === null ? (
          // Until its moment the gate's place shows as a quiet placeholder, part of the page's frame.
          <div className={`rounded-3xl transition-colors duration-300 ${gateShown ? '' : 'bg-line/30'}`}>
            <div className={gateShown ? '' : 'invisible'}>
              <LeadGate ratings={drivers.map((driver) => driver.rating)} onUnlocked={setUnlockedFor} />
            </div>
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
