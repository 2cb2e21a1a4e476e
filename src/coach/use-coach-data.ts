import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { CoachApiFailure, coachRequest, withQuery, type Query } from './api';

/** Called when the API says the session is gone (401): the app goes back to sign-in. */
export const SessionEndedContext = createContext<() => void>(() => undefined);

export function useSessionEnded() {
  return useContext(SessionEndedContext);
}

type Loaded<T> = { url: string; data: T | null; error: CoachApiFailure | null };

export type CoachData<T> = {
  data: T | null;
  error: CoachApiFailure | null;
  loading: boolean;
  /** Asks again (after a change such as an erase, or after an error). */
  reload: () => void;
};

/**
 * GETs `path` with `query` and keeps the answer; asks again whenever they change. What is loading is
 * derived from which URL the answer belongs to, never stored. A 401 ends the session.
 */
export function useCoachData<T>(path: string, query: Query = {}): CoachData<T> {
  const url = withQuery(path, query);
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> & { reloads: number }>({ url: '', data: null, error: null, reloads: -1 });
  const sessionEnded = useSessionEnded();

  useEffect(() => {
    const controller = new AbortController();
    coachRequest<T>(url, { signal: controller.signal }).then(
      (data) => setLoaded({ url, data, error: null, reloads }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof CoachApiFailure ? error : new CoachApiFailure(0, null);
        if (failure.status === 401) sessionEnded();
        else setLoaded({ url, data: null, error: failure, reloads });
      },
    );
    return () => controller.abort();
  }, [url, reloads, sessionEnded]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const current = loaded.url === url && loaded.reloads === reloads;
  return {
    // The previous answer stays on screen while the next one loads, so nothing jumps.
    data: loaded.data,
    error: current ? loaded.error : null,
    loading: !current,
    reload,
  };
}
