import { useLayoutEffect } from 'react';

/**
 * A page the browser renders (/results, the profile, the confirm page) is sent with a first paint
 * after its empty root (scripts/prerender.ts), so a slow phone shows something before the script
 * arrives; the stylesheet hides it as soon as anything renders into the root. The page's screen takes
 * it out of the document when it mounts (before the browser paints), so the page never holds the
 * same words twice. Called by those pages alone: not a byte of it in the landing page's first load.
 */
export function useFirstPaintGone(): void {
  useLayoutEffect(() => {
    document.querySelector('[data-first-paint]')?.remove();
  }, []);
}
