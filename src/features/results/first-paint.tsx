import { ProductName } from '../shared/product-name';
import { Spinner } from '../shared/spinner';

/**
 * /results opened straight, as plain HTML before its script runs (scripts/prerender.ts): on a slow
 * phone the script takes seconds, and until then the screen would be blank. What the page will show
 * is not known before the script reads the tab's history and memory: the spec's missing-data screen
 * (Please take the quiz first), the results again after a reload (at once, no staged reveal, so no
 * Analyzing your pattern... either). So it shows only what every one of them starts with, the
 * product's name line, and a spinner under it. It goes once the page renders (src/lib/first-paint.ts).
 */
export function ResultsFirstPaint() {
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col items-center px-4 pt-5 pb-16 sm:px-6 sm:pt-12">
      <ProductName />
      <div className="mt-6 sm:mt-10">
        <Spinner />
      </div>
    </main>
  );
}
