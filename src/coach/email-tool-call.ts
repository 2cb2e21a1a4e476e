/** The e-mail tool section's calls to the coach API (src/coach/email-tool-panel.tsx, email-tool-test.tsx). */
import { useCallback } from 'react';
import type { CoachApiError } from '../shared/coach-api/routes';
import { CoachApiFailure } from './api';
import { emailToolCopy as copy } from './content/email-tool';
import { useSessionEnded } from './use-coach-data';

/** A refusal's message or "failed", and the field the refusal names (the test address: `email`). */
export type Failure = { failure: string; field: string | null };

/** Runs a coach API call: a 401 ends the session; a refusal's message or "failed" otherwise. */
export function useCall() {
  const sessionEnded = useSessionEnded();
  return useCallback(
    async <T,>(run: () => Promise<T>): Promise<T | Failure> => {
      try {
        return await run();
      } catch (caught) {
        if (caught instanceof CoachApiFailure && caught.status === 401) sessionEnded();
        const body = caught instanceof CoachApiFailure && caught.body ? (caught.body as CoachApiError) : null;
        return { failure: body?.message ?? copy.failed, field: body?.field ?? null };
      }
    },
    [sessionEnded],
  );
}
