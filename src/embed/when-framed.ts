/**
 * The only embed code in the visitor's first load: outside a frame it is one comparison. Inside a
 * frame (the quiz on a coach's site) it loads the frame's side (`frame.ts`) and keeps the funnel
 * steps reported meanwhile, so the host page hears every step, in order.
 */
import type { FunnelStep } from '../shared/funnel';
import { onFunnelStep } from '../lib/funnel';
import { readSiteConfig } from '../lib/site-config';
import { applyFrameStyle } from '../lib/frame-style';

/**
 * Framed by a page of this very origin: the dashboard's live preview of the embed, which is not a
 * visit. (A page of another origin cannot be read, and reading it throws.)
 */
export function isPreview(): boolean {
  try {
    return window.parent !== window && window.parent.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

export function whenFramed(): void {
  if (window.parent === window) return;
  // The coach's look, before the first paint of the framed page where the script is that early.
  const mode = new URLSearchParams(location.search).get('embed') === 'popup' ? 'popup' : 'inline';
  applyFrameStyle(readSiteConfig().frame, mode, document.documentElement);
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
