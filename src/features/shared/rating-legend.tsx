import { resultsCopy } from '../../content/results';
import { RATINGS } from '../../shared/constants';
import { RatingBadge } from './rating-badge';

/** The three rating colours with their names; keeps its place before it is shown. */
export function RatingLegend({ shown }: { shown: boolean }) {
  return (
    <ul
      aria-label={resultsCopy.profile.legendLabel}
      className={`mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 rounded-2xl bg-white px-3 py-2 shadow-sm transition-opacity duration-300 motion-reduce:transition-none ${
        shown ? 'opacity-100' : 'invisible opacity-0'
      }`}
    >
      {RATINGS.map((rating) => (
        <li key={rating}>
          <RatingBadge rating={rating} />
        </li>
      ))}
    </ul>
  );
}
