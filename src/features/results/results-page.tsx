import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { unlockedRatings } from '../../lib/results-memory';
import { parseCoreDriversState, resultsToShow } from '../../shared/core-drivers-state';
import { MissingResults } from './missing-results';
import { ResultsView } from './results-view';

const toastDurationMs = 6000;

/**
 * /results: the quiz's `coreDrivers` navigation state is parsed once; anything missing, partial or
 * tampered counts as missing, unless this tab unlocked a profile before the reload (resultsToShow).
 * The toaster lives here, so sonner never loads with the landing page.
 */
export default function ResultsPage() {
  const location = useLocation();
  const [remembered] = useState(unlockedRatings);
  const shown = useMemo(() => resultsToShow(parseCoreDriversState(location.state), remembered), [location.state, remembered]);

  return (
    <>
      {shown ? <ResultsView key={location.key} drivers={shown.drivers} alreadyUnlocked={shown.unlocked} /> : <MissingResults />}
      {/* Six seconds rather than sonner's four: enough to read a two-line toast without hurrying. */}
      <Toaster position="top-center" closeButton duration={toastDurationMs} />
    </>
  );
}
