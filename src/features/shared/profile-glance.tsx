import { resultsCopy } from '../../content/results';
import { ratingColors, RATINGS } from '../../shared/constants';
import type { RatingCounts } from '../../shared/insights';
import { RatingIcon } from './rating-badge';

/**
 * How many drivers need support, are neutral and are strong, in words: the profile at a glance. Each
 * count sits on a small card with the same coloured band and icon as the cards below, so the summary
 * is also the key to their colours, read before them.
 */
export function ProfileGlance({ counts }: { counts: RatingCounts }) {
  const byRating = { 1: counts.weak, 2: counts.neutral, 3: counts.strong };
  return (
    // Three side by side while each has 5rem; with text at 200 % on a phone they stack, their words whole.
    <ul
      aria-label={resultsCopy.profile.glanceLabel}
      className="mx-auto mt-4 grid max-w-md grid-cols-[repeat(auto-fit,minmax(5rem,1fr))] gap-2"
    >
      {RATINGS.map((rating) => (
        <li key={rating} className="flex overflow-hidden rounded-xl border border-line bg-white shadow-sm">
          <span aria-hidden="true" className="block w-2 shrink-0" style={{ backgroundColor: ratingColors[rating] }} />
          <span className="flex flex-1 flex-col items-center px-1.5 py-2 text-center">
            <span className="flex items-center gap-1.5 text-2xl leading-tight font-bold text-teal-dark tabular-nums">
              <RatingIcon rating={rating} />
              {byRating[rating]}
            </span>{' '}
            <span className="text-sm leading-snug font-medium text-ink">{resultsCopy.profile.glance[rating](byRating[rating])}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
