import { confirmCopy } from '../../content/profile';
import { ProductName } from '../shared/product-name';
import { Spinner } from '../shared/spinner';

/** The confirm page's frame and title, shared with its first paint so the title stays where it is. */
export const confirmMainClass = 'mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-5 py-12 text-center';
export const confirmTitleClass = 'mt-1.5 text-2xl font-bold tracking-tight text-balance text-teal-dark outline-none sm:text-3xl';

/**
 * /confirm as plain HTML before its script runs (scripts/prerender.ts): on a slow phone the script
 * takes seconds after the e-mail's button is tapped, and until then the screen would be blank. Its
 * words name the coach (the settings the script reads), so the first paint is the page's title with
 * a spinner where they will be. It goes once the page renders (src/lib/first-paint.ts).
 */
export function ConfirmFirstPaint() {
  return (
    <main className={confirmMainClass}>
      <ProductName />
      <h1 className={confirmTitleClass}>{confirmCopy.title}</h1>
      <div className="mt-5">
        <Spinner />
      </div>
    </main>
  );
}
