import { resultsCopy } from '../../content/results';
import { ratingColors, type Rating } from '../../shared/constants';

/** A shape per rating, so the rating never rests on colour alone. */
function RatingIcon({ rating }: { rating: Rating }) {
  const color = ratingColors[rating];
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true" focusable="false">
      {rating === 1 && <path d="M8 1.5 15 14H1z" fill={color} />}
      {rating === 2 && <circle cx="8" cy="8" r="6.5" fill={color} />}
      {rating === 3 && <rect x="1.5" y="1.5" width="13" height="13" rx="2" fill={color} />}
      {rating === 1 && <path d="M8 6v3.5M8 11.5v.5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />}
      {rating === 3 && <path d="m4.5 8.2 2.3 2.3 4.7-4.9" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />}
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
