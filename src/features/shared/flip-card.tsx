import { useId, useState } from 'react';
import type { DriverId } from '../../content/drivers';
import { resultsCopy } from '../../content/results';
import { useFromSm } from '../../lib/wide-screen';
import { useWords } from '../../lib/words';
import { ratingColors, type Rating } from '../../shared/constants';
import { DriverIcon } from './driver-icon';
import { RatingBadge } from './rating-badge';

type FlipCardProps = {
  id: DriverId;
  name: string;
  /** One line on what the driver is, under its name (from 640 px up). */
  description: string;
  scenario: string;
  rating: Rating;
  /** Before its moment in the timeline the card's place shows as a quiet placeholder. */
  shown: boolean;
};

function FlipHint({ text }: { text: string }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-muted print:hidden">
      <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true" focusable="false">
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
 * back names both again above the scenario. Both faces share one grid cell, so flipping never changes
 * the card's size. On a phone the card is as small as its front, so the nine fit in a screen and a
 * bit: the back, taller, rises over its neighbours from the card's middle (never over their middles,
 * where a tap lands) while it shows. With reduced motion the faces swap without the 3D turn. In a
 * printout the card is flat and shows its front (3D layers would print as pictures, without text a
 * PDF reader can find).
 *
 * One meaning per colour: the only colour on a card is its rating's (the band down its left edge,
 * the badge, the pale tint behind the driver's icon); the border, the text and the flip hint are
 * neutral. A Needs Support card is not outlined in red: it is not an error.
 *
 * For screen readers the button's name stays "driver, rating" on both sides (the faces are hidden
 * from them; the name comes from a visually hidden line), its description is the side on show, and a
 * polite live region beside it reads the scenario when the card flips. The front's one-line
 * description is read only where it shows (from 640 px up). Both descriptions are hidden copies beside
 * the button: Chromium adds text that a relation points to inside the hidden faces to the button's
 * name too.
 */
export function FlipCard({ id, name, description, scenario, rating, shown }: FlipCardProps) {
  const copy = useWords(resultsCopy.profile, 'results.profile');
  const [flipped, setFlipped] = useState(false);
  const domId = useId();
  const descriptionShows = useFromSm();
  const color = ratingColors[rating];
  const face =
    'col-start-1 row-start-1 flex h-full overflow-hidden rounded-2xl border border-line bg-white backface-hidden print:backface-visible';
  // The rating's colour as a band down the card's left edge.
  const band = <span className="block w-2 shrink-0" style={{ backgroundColor: color }} />;

  return (
    <li className={`relative rounded-2xl transition-colors duration-300 print:break-inside-avoid ${shown ? '' : 'bg-line/45'} ${flipped ? 'z-10' : ''}`}>
      <button
        type="button"
        aria-pressed={flipped}
        aria-describedby={flipped ? `${domId}-scenario` : descriptionShows ? `${domId}-description` : undefined}
        onClick={() => setFlipped((current) => !current)}
        className={`@container block h-full w-full rounded-2xl text-left perspective-distant transition-[opacity,translate] duration-300 motion-reduce:transition-none print:perspective-none ${
          shown ? 'translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'
        }`}
      >
        <span
          aria-hidden="true"
          className={`relative grid h-full transition-transform duration-500 transform-3d motion-reduce:transition-none print:transform-none print:transform-flat ${
            flipped ? 'rotate-y-180 motion-reduce:transform-none' : ''
          }`}
        >
          <span className={`${face} shadow-sm print:visible print:shadow-none ${flipped ? 'motion-reduce:invisible' : ''}`}>
            {band}
            {/*
              On a phone: the name, the rating under it, and the hint in the card's lower right corner: one
              height for all nine, whatever the rating's words. On a card under 15em wide (text at 150 % or
              more on a phone), where the corner has no room for it, the hint takes its own line under the rating.
              Three to a row below 1024 px, a card is narrow: the icon goes above the name, which keeps the width.
            */}
            <span className="relative flex flex-1 flex-wrap items-center gap-3 px-3 pt-2 pb-6 @max-[15em]:pb-2 sm:flex-nowrap sm:items-start sm:p-4 sm:max-lg:flex-col sm:max-lg:gap-2 print:p-2">
              <DriverIcon id={id} rating={rating} className="size-9" />
              {/* On a phone, under the icon where less than 8rem is left beside it (text at 200 %). */}
              <span className="flex min-w-0 grow basis-32 flex-col wrap-break-word sm:basis-0 sm:self-stretch">
                <span className="leading-snug font-bold text-ink">{name}</span>
                <span className="mt-0.5">
                  <RatingBadge rating={rating} />
                </span>
                <span className="mt-1 hidden text-sm leading-snug text-muted sm:block">
                  {description}
                </span>
                <span className="absolute right-3 bottom-2 @max-[15em]:static @max-[15em]:mt-1 sm:static sm:mt-auto sm:flex sm:justify-end sm:pt-1.5 print:hidden">
                  <FlipHint text={copy.cardFrontHint} />
                </span>
              </span>
            </span>
          </span>
          <span
            className={`${face} rotate-y-180 motion-reduce:transform-none max-sm:absolute max-sm:inset-x-0 max-sm:top-1/2 max-sm:h-auto max-sm:min-h-full max-sm:-translate-y-1/2 max-sm:shadow-lg print:hidden ${
              flipped ? '' : 'motion-reduce:invisible'
            }`}
          >
            {band}
            <span className="flex-1 px-3 py-2.5 text-sm leading-[1.4] text-ink sm:p-4">
              {/* The driver and its rating stay on the back, so the scenario is never read without them; the hint shares their line. */}
              <span className="mb-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5">
                <span className="flex flex-wrap items-center gap-x-2.5">
                  <span className="font-bold">{name}</span>
                  <RatingBadge rating={rating} />
                </span>
                <FlipHint text={copy.cardBackHint} />
              </span>
              <span className="block">
                {scenario}
              </span>
            </span>
          </span>
        </span>
        <span className="sr-only">
          {name}, {resultsCopy.ratingLabels[rating]}
        </span>
      </button>
      <span id={`${domId}-description`} hidden>
        {description}
      </span>
      <span id={`${domId}-scenario`} hidden>
        {scenario}
      </span>
      <span aria-live="polite" className="sr-only">
        {flipped ? scenario : ''}
      </span>
    </li>
  );
}
