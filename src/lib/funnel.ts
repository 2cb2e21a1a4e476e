/**
 * Where the pages report funnel steps. Reporters (the counting beacon, the embed's messages to the
 * host page) subscribe with `onFunnelStep`; with none subscribed, reporting does nothing.
 *
 * A quiz run starts on the landing page or, for a visitor who arrives straight at /quiz, with the
 * quiz. Each step reaches the reporters at most once per run, however often a screen re-renders or
 * the visitor goes back and forth.
 */
import type { FunnelStep } from '../shared/funnel';

type Reporter = (step: FunnelStep) => void;

const reporters = new Set<Reporter>();
const reportedThisRun = new Set<FunnelStep>();

/** Subscribes a reporter; returns the function that unsubscribes it. */
export function onFunnelStep(reporter: Reporter): () => void {
  reporters.add(reporter);
  return () => {
    reporters.delete(reporter);
  };
}

/** Forgets what this run reported, so the next steps count again (a new visit to the landing page). */
export function startQuizRun(): void {
  reportedThisRun.clear();
}

/** Tells every reporter about `step`, unless it was already reported in this run. */
export function reportFunnelStep(step: FunnelStep): void {
  if (reportedThisRun.has(step)) return;
  reportedThisRun.add(step);
  for (const reporter of reporters) reporter(step);
}
