import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { resultsCopy } from '../../content/results';
import { resultsTimings } from '../../shared/constants';
import { Spinner } from './spinner';

/** Results opened without (valid) quiz data: say so, then go home, replacing this history entry. */
export function MissingResults() {
  const navigate = useNavigate();

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
      <div role="status">
        <p className="text-xl font-semibold text-teal-dark">{resultsCopy.missing.analyzing}</p>
        <p className="mt-1 text-muted">{resultsCopy.missing.takeQuizFirst}</p>
      </div>
    </main>
  );
}
