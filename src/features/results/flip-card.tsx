import { useId, useState } from 'react';
import { resultsCopy } from '../../content/results';
import { ratingColors, type Rating } from '../../shared/constants';
import { RatingBadge } from './rating-badge';

type FlipCardProps = {
  name: string;
  /** One line on what the driver is, under its name. */
  description: string;
  scenario: string;
  rating: Rating;
  /** Before its moment in the timeline the card keeps its place but is not shown. */
  shown: boolean;
};

function FlipHint({ text }: { text: string }) {
  return (
    <span className="mt-auto flex items-center gap-1.5 pt-3 text-sm font-semibold text-teal">
      <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" focusable="false">
        <path
          d="M13.5 8A5.5 5.5 0 1 1 11.9 4.1M13.5 2v3h-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {text}
    </span>
  );
}

/**
 * One driver of the profile: a toggle button whose front names the driver and its rating and whose
 * back shows the scenario. Both faces share one grid cell, so flipping never changes the card's size.
 * With reduced motion the faces swap without the 3D turn.
 *
 * For screen readers the button's name stays "driver, rating" on both sides (the faces are hidden
 * from them; the name comes from a visually hidden line), its description is the side on show, and a
 * polite live region beside it reads the scenario when the card flips.
 */
export function FlipCard({ name, description, scenario, rating, shown }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  const id = useId();
  const color = ratingColors[rating];
  const face =
    'col-start-1 row-start-1 flex h-full flex-col overflow-hidden rounded-2xl border-2 bg-white backface-hidden';

  return (
    <li
      className={`perspective-distant transition-[opacity,translate] duration-300 motion-reduce:transition-none ${
        shown ? 'translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'
      }`}
    >
      <button
        type="button"
        aria-pressed={flipped}
        aria-describedby={flipped ? `${id}-scenario` : `${id}-description`}
        onClick={() => setFlipped((current) => !current)}
        className="block h-full w-full rounded-2xl text-left"
      >
        <span
          aria-hidden="true"
          className={`grid h-full transition-transform duration-500 transform-3d motion-reduce:transition-none ${
            flipped ? 'rotate-y-180 motion-reduce:transform-none' : ''
          }`}
        >
          <span
            className={`${face} shadow-sm ${flipped ? 'motion-reduce:invisible' : ''}`}
            style={{ borderColor: color }}
          >
            <span className="block h-2 shrink-0" style={{ backgroundColor: color }} />
            <span className="flex flex-1 flex-col p-4">
              <RatingBadge rating={rating} />
              <span className="mt-2 text-lg leading-snug font-bold text-ink">{name}</span>
              <span id={`${id}-description`} className="mt-1 text-muted">
                {description}
              </span>
              <FlipHint text={resultsCopy.profile.cardFrontHint} />
            </span>
          </span>
          <span
            className={`${face} rotate-y-180 motion-reduce:transform-none ${flipped ? '' : 'motion-reduce:invisible'}`}
            style={{ borderColor: color }}
          >
            <span className="block h-2 shrink-0" style={{ backgroundColor: color }} />
            <span className="flex flex-1 flex-col p-4">
              <span className="text-sm font-semibold text-muted">{name}</span>
              <span id={`${id}-scenario`} className="mt-1 text-[0.95rem] leading-relaxed text-ink">
                {scenario}
              </span>
              <FlipHint text={resultsCopy.profile.cardBackHint} />
            </span>
          </span>
        </span>
        <span className="sr-only">
          {name}, {resultsCopy.ratingLabels[rating]}
        </span>
      </button>
      <span aria-live="polite" className="sr-only">
        {flipped ? scenario : ''}
      </span>
    </li>
  );
}
