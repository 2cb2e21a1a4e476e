import { resultsCopy } from '../../content/results';
import { ratingColors, type Rating } from '../../shared/constants';

/**
 * A shape per rating, so the rating never rests on colour alone: an open ring (room to grow), a
 * half-filled ring and a full disc with a tick. No warning signs: needing support is not an error.
 */
export function RatingIcon({ rating }: { rating: Rating }) {
  const color = ratingColors[rating];
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill={color} />
      {rating === 1 && <circle cx="8" cy="8" r="4" fill="#fff" />}
      {rating === 2 && <path d="M8 4a4 4 0 0 0 0 8z" fill="#fff" />}
      {rating === 3 && <path d="m5 8.2 2 2 4-4.3" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />}
    </svg>
  );
}

/** The rating in words with its icon, in dark text: readable on any of the three colours' cards. */
export function RatingBadge({ rating }: { rating: Rating }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink">
      <RatingIcon rating={rating} />
      {resultsCopy.ratingLabels[rating]}
    </span>
  );
}
