import { lazy, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useFirstPaintGone } from '../../lib/first-paint';
import { unlockedRatings } from '../../lib/results-memory';
import { parseCoreDriversState, resultsToShow } from '../../shared/core-drivers-state';
import { MissingResults } from './missing-results';
import type * as ResultsViewModule from './results-view';

/**
 * The results themselves (cards, gate, toasts), in a chunk of their own: an address typed without a
 * quiz behind it loads only the short page that sends the visitor to the quiz. The app fetches it
 * with this page, ahead of the quiz's end (src/app/app-routes.tsx).
 */
let loadedView: typeof ResultsViewModule | null = null;
export const loadResultsView = () => import('./results-view').then((view) => (loadedView = view));
const LazyResultsView = lazy(() => loadResultsView().then(({ ResultsWithToasts }) => ({ default: ResultsWithToasts })));

/**
 * /results: the quiz's `coreDrivers` navigation state is parsed once; anything missing, partial or
 * tampered counts as missing, unless this tab unlocked a profile before the reload (resultsToShow).
 */
export default function ResultsPage() {
  const location = useLocation();
  const [remembered] = useState(unlockedRatings);
  const shown = useMemo(() => resultsToShow(parseCoreDriversState(location.state), remembered), [location.state, remembered]);
  useFirstPaintGone();

  // Already fetched (the usual case: ahead of the quiz's end): rendered at once, without suspending.
  const ResultsView = loadedView?.ResultsWithToasts ?? LazyResultsView;
  return shown ? <ResultsView key={location.key} drivers={shown.drivers} alreadyUnlocked={shown.unlocked} /> : <MissingResults />;
}
