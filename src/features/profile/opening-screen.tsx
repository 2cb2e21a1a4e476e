import type { ReactNode } from 'react';
import { profileCopy } from '../../content/profile';
import { Spinner } from '../shared/spinner';

/** The look of the line under the spinner. */
export const openingLineClass = 'text-xl font-semibold text-teal-dark';

/** The profile page while its profile is on the way: a spinner above one line (`children`). */
export function OpeningScreen({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-5 text-center">
      <Spinner />
      {children}
    </main>
  );
}

/**
 * The same screen as plain HTML: the profile page's first paint (scripts/prerender.ts). On a slow
 * phone the page's script arrives seconds after the e-mail's link is tapped, and until then the
 * screen would be blank. It goes once the page renders (src/lib/first-paint.ts).
 */
export function OpeningFirstPaint() {
  return (
    <OpeningScreen>
      <p className={openingLineClass}>{profileCopy.loading}</p>
    </OpeningScreen>
  );
}
