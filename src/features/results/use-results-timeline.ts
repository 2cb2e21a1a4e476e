import { useEffect, useState } from 'react';
import { timelineAt, timelineMilestones, type TimelineState } from './timeline';

/**
 * Where the results timeline is, counted from when the component mounted. One timer per milestone,
 * so a fake clock (Vitest or Playwright) moves it exactly. `played`: the visitor saw it already (a
 * reload after the unlock), so everything is in place at once.
 */
export function useResultsTimeline(played = false): TimelineState {
  const [elapsedMs, setElapsedMs] = useState(played ? Infinity : 0);

  useEffect(() => {
    if (played) return;
    const timers = timelineMilestones.map((at) => window.setTimeout(() => setElapsedMs(at), at));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [played]);

  return timelineAt(elapsedMs);
}
