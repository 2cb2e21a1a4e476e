/**
 * The only embed code in the visitor's first load: outside a frame it is one comparison. Inside a
 * frame (the quiz on a coach's site) it loads the frame's side (`frame.ts`) and keeps the funnel
 * steps reported meanwhile, so the host page hears every step, in order.
 */
import type { FunnelStep } from '../shared/funnel';
import { onFunnelStep } from '../lib/funnel';

export function whenFramed(): void {
  if (window.parent === window) return;
  const early: FunnelStep[] = [];
  const stopCollecting = onFunnelStep((step) => early.push(step));
  import('./frame')
    .then(({ startEmbeddedFrame }) => {
      stopCollecting();
      startEmbeddedFrame(early);
    })
    // Without its frame side the quiz still works, at the frame's first height.
    .catch(stopCollecting);
}
