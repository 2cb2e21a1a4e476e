import { useEffect, useState } from 'react';
import { timelineAt, timelineMilestones, type TimelineState } from './timeline';

/**
 * Where the results timeline is, counted from when the component mounted. One timer per milestone,
 * so a fake clock (Vitest or Playwright) moves it exactly.
 */
export function useResultsTimeline(): TimelineState {
  const [elapsedMs, setElapsedMs] = useState(0);

  useEffect(() => {
    const timers = timelineMilestones.map((at) => window.setTimeout(() => setElapsedMs(at), at));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  return timelineAt(elapsedMs);
}
