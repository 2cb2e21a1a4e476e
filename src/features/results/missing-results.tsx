import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { resultsCopy } from '../../content/results';
import { pageTitle } from '../../content/site';
import { LiveRegion } from '../../lib/live-region';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { resultsTimings } from '../../shared/constants';
import { ProductName } from '../shared/product-name';
import { Spinner } from '../shared/spinner';

/**
 * Results opened without (valid) quiz data: say so, then go home, replacing this history entry.
 *
 * One state on one card, under the product's name where the profile would be: "Analyzing your
 * pattern..." as the card's quiet heading (what this page does), then, larger, what happens now,
 * with the spinner beside it: "Please take the quiz first. Redirecting...". The spinner belongs to
 * the redirect, so nothing on the screen says it is busy analyzing while it says there is nothing
 * to analyze.
 */
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
    <main className="mx-auto w-full max-w-5xl px-4 pt-5 pb-16 text-center sm:px-6 sm:pt-12">
      <ProductName />
      <div className="mx-auto mt-4 max-w-md rounded-2xl border border-line bg-white px-5 py-4 text-left shadow-sm sm:mt-8 sm:px-6 sm:py-5">
        <h1 ref={heading} tabIndex={-1} className="text-sm font-semibold text-muted outline-none">
          {resultsCopy.missing.analyzing}
        </h1>
        <div className="mt-2 flex items-center gap-3">
          <Spinner />
          <LiveRegion
            message={resultsCopy.missing.takeQuizFirst}
            className="min-h-[1.6em] text-lg leading-snug font-semibold text-balance text-teal-dark"
          />
        </div>
      </div>
    </main>
  );
}
