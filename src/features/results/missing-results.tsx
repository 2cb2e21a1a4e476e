import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { resultsCopy } from '../../content/results';
import { pageTitle } from '../../content/site';
import { LiveRegion } from '../../lib/live-region';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { resultsTimings } from '../../shared/constants';
import { Spinner } from './spinner';

/** Results opened without (valid) quiz data: say so, then go home, replacing this history entry. */
export function MissingResults() {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle(resultsCopy.missing.title));
  useFocusOnArrival(heading);

  useEffect(() => {
    console.error(resultsCopy.missing.logMessage);
    const timer = window.setTimeout(
      () => navigate(paths.home, { replace: true }),
      resultsTimings.redirectWithoutDataMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-5 text-center">
      <Spinner />
      <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold text-teal-dark outline-none">
        {resultsCopy.missing.analyzing}
      </h1>
      <LiveRegion message={resultsCopy.missing.takeQuizFirst} className="min-h-[1.6em] text-muted" />
    </main>
  );
}
