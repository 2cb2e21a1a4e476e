import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { parseCoreDriversState } from '../../shared/core-drivers-state';
import { MissingResults } from './missing-results';
import { ResultsView } from './results-view';

const toastDurationMs = 6000;

/**
 * /results: the quiz's `coreDrivers` navigation state is parsed once; anything missing, partial or
 * tampered counts as missing. The toaster lives here, so sonner never loads with the landing page.
 */
export default function ResultsPage() {
  const location = useLocation();
  const drivers = useMemo(() => parseCoreDriversState(location.state), [location.state]);

  return (
    <>
      {drivers ? <ResultsView key={location.key} drivers={drivers} /> : <MissingResults />}
      {/* Six seconds rather than sonner's four: enough to read a two-line toast without hurrying. */}
      <Toaster position="top-center" closeButton duration={toastDurationMs} />
    </>
  );
}
