import { useEffect, useMemo, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { resultsCopy } from '../../content/results';
import { useWords } from '../../lib/words';
import { pageTitle, site } from '../../content/site';
import { clearConfetti, fireConfetti } from '../../lib/confetti';
import { reportFunnelStep } from '../../lib/funnel';
import { LiveRegion } from '../../lib/live-region';
import { type MailNews, rememberUnlock, unlockedMail } from '../../lib/results-memory';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { confetti } from '../../shared/constants';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { countRatings } from '../../shared/insights';
import { DriverCards } from '../shared/driver-cards';
import { LeadGate } from './lead-gate';
import { PROFILE_TITLE_ID, ProfileHeader } from '../shared/profile-header';
import { useResultsTimeline } from './use-results-timeline';
import type * as UnlockedModule from './unlocked-profile';

const toastDurationMs = 6000;

/** What the gate unlocks, in a chunk of its own (./unlocked-profile.tsx), kept once fetched. */
type UnlockedParts = typeof UnlockedModule;
let loadedParts: UnlockedParts | null = null;
export const loadUnlockedProfile = () => import('./unlocked-profile').then((parts) => (loadedParts = parts));

/**
 * The unlocked part's module: fetched as the results arrive, while the visitor reads the cards, so it
 * is there by the unlock; `retry` fetches it again after a failed try (the unlock asks once more).
 */
function useUnlockedParts(): { parts: UnlockedParts | null; retry: () => void } {
  const [parts, setParts] = useState<UnlockedParts | null>(loadedParts);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let current = true;
    loadUnlockedProfile().then(
      (loaded) => current && setParts(loaded),
      // Offline for a moment: the unlock tries again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tries]);
  return { parts, retry: () => setTries((count) => count + 1) };
}

/**
 * While the profile loads, the page's own frame: room for the status where the title will be (the
 * status itself is the live region below, which outlives the frame) and quiet placeholders where
 * the counts will be (the cards keep placeholders of their own).
 */
function LoadingFrame() {
  const bar = 'block rounded-full bg-line/60';
  return (
    <div aria-hidden="true" className="absolute inset-x-0 top-0 flex flex-col items-center text-center">
      <span className={`${bar} mt-1 h-3 w-28`} />
      <span className="mt-2.5 block h-8 sm:h-10" />
      <span className={`${bar} mt-2.5 h-4 w-52`} />
      <span className="mt-5 block h-[4.25rem] w-full max-w-md rounded-2xl bg-line/45" />
    </div>
  );
}

/** Unlocked just now, with the first name typed (the greeting) and news of the e-mail, or before a reload of this tab (the news kept, not the name). */
type Unlock = { firstName: string | null; mail: MailNews } | null;

/**
 * The results for nine valid ratings, revealed on the SPEC section 4 timeline. Every part keeps its
 * place from the start (hidden until its moment), so nothing on the page jumps as it appears.
 * `alreadyUnlocked` (a reload after the unlock): everything at once, no gate, confetti or toast.
 */
export function ResultsView({ drivers, alreadyUnlocked = false }: { drivers: CoreDriverResult[]; alreadyUnlocked?: boolean }) {
  const { loading, cardsShown, legendShown, gateShown } = useResultsTimeline(alreadyUnlocked);
  const [unlock, setUnlock] = useState<Unlock>(() => (alreadyUnlocked ? { firstName: null, mail: unlockedMail() } : null));
  const copy = useWords(resultsCopy.profile, 'results.profile');
  const disclaimer = useWords(site, 'site').disclaimer;
  const counts = useMemo(() => countRatings(drivers), [drivers]);
  const unlockedParts = useUnlockedParts();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle(copy.title));
  // The heading is transparent while the results load; it takes focus the moment it shows.
  useFocusOnArrival(heading, !loading);

  // A reload is not a new arrival at the results: counted once, when the quiz handed them over.
  useEffect(() => {
    if (!alreadyUnlocked) reportFunnelStep('results');
  }, [alreadyUnlocked]);

  useEffect(() => {
    // Decoration only: a failed confetti load must not break the page.
    if (legendShown && !alreadyUnlocked) fireConfetti(confetti.resultsArrival).catch(() => undefined);
  }, [legendShown, alreadyUnlocked]);

  // The results' confetti belongs to the results: Back to the quiz takes it away.
  useEffect(() => clearConfetti, []);

  function unlocked(firstName: string, mail: MailNews) {
    rememberUnlock(
      drivers.map((driver) => driver.rating),
      mail,
    );
    setUnlock({ firstName, mail });
    if (unlockedParts.parts === null) unlockedParts.retry();
  }

  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-5 pb-16 sm:px-6 sm:pt-12">
      <div className="relative">
        {loading && <LoadingFrame />}
        {/* One live region for the arrival: "Analyzing..." in the frame while loading, then, once, that the profile is ready. */}
        <LiveRegion
          message={loading ? resultsCopy.loading : resultsCopy.profileReady}
          className={
            loading
              ? 'absolute inset-x-0 top-[1.625rem] text-center text-2xl leading-8 font-bold tracking-tight text-teal-dark motion-safe:animate-breathe sm:text-4xl sm:leading-10'
              : 'sr-only'
          }
        />
        {/* Transparent, not hidden, while loading: the screen keeps its level-one heading for assistive technology. */}
        <ProfileHeader title={copy.title} subtitle={copy.subtitle} counts={counts} headingRef={heading} className={loading ? 'opacity-0' : ''} />

        <DriverCards drivers={drivers} labelledBy={PROFILE_TITLE_ID} cardsShown={cardsShown} legendShown={legendShown} />
      </div>

      {/* Above the gate, not below it: the insights replacing the gate then move nothing after them. */}
      <p className="mx-auto mt-4 max-w-2xl text-center text-xs text-muted sm:text-sm">{disclaimer}</p>

      <div className="mx-auto mt-6 max-w-2xl sm:mt-10">
        {unlock === null ? (
          // Until its moment the gate's place shows as a quiet placeholder, part of the page's frame;
          // inert as well as invisible: nothing hidden can take focus.
          <div className={`rounded-3xl transition-colors duration-300 ${gateShown ? '' : 'bg-line/30'}`}>
            <div className={gateShown ? '' : 'invisible'} inert={!gateShown}>
              <LeadGate ratings={drivers.map((driver) => driver.rating)} onUnlocked={unlocked} />
            </div>
          </div>
        ) : (
          unlockedParts.parts && <unlockedParts.parts.UnlockedProfile drivers={drivers} firstName={unlock.firstName} mail={unlock.mail} focusOnMount={!alreadyUnlocked} />
        )}
      </div>
    </main>
  );
}

/** The results with the gate's toaster beside them: sonner loads with the results, never with the landing page or the missing-data page. */
export function ResultsWithToasts(props: { drivers: CoreDriverResult[]; alreadyUnlocked?: boolean }) {
  return (
    <>
      <ResultsView {...props} />
      {/* Six seconds rather than sonner's four: enough to read a two-line toast without hurrying. */}
      <Toaster position="top-center" closeButton duration={toastDurationMs} toastOptions={{ closeButtonAriaLabel: resultsCopy.toastCloseLabel }} />
    </>
  );
}
