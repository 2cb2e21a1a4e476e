import { resultsCopy } from '../../content/results';
import { RATINGS } from '../../shared/constants';
import type { RatingCounts } from '../../shared/insights';
import { RatingIcon } from './rating-badge';

/** How many drivers need support, are neutral and are strong, in words: the profile at a glance. */
export function ProfileGlance({ counts }: { counts: RatingCounts }) {
  const byRating = { 1: counts.weak, 2: counts.neutral, 3: counts.strong };
  return (
    <ul
      aria-label={resultsCopy.profile.glanceLabel}
      className="mx-auto mt-4 grid max-w-md grid-cols-3 divide-x divide-line rounded-2xl border border-line bg-white py-2.5 shadow-sm"
    >
      {RATINGS.map((rating) => (
        <li key={rating} className="flex flex-col items-center px-2 text-center">
          <span className="flex items-center gap-1.5 text-2xl leading-tight font-bold text-teal-dark tabular-nums">
            <RatingIcon rating={rating} />
            {byRating[rating]}
          </span>{' '}
          <span className="text-sm leading-snug font-medium text-ink">{resultsCopy.profile.glance[rating](byRating[rating])}</span>
        </li>
      ))}
    </ul>
  );
}
