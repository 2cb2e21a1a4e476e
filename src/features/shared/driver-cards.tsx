import type { DriverId } from '../../content/drivers';
import type { Rating } from '../../shared/constants';
import { useDriver } from '../../lib/driver-words';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { FlipCard } from './flip-card';
import { RatingLegend } from './rating-legend';

type DriverCardsProps = {
  drivers: readonly CoreDriverResult[];
  /** The id of the heading that names the grid. */
  labelledBy: string;
  /** How many cards are on show (the results timeline reveals them one by one); all by default. */
  cardsShown?: number;
  legendShown?: boolean;
};

/** One driver's card, in the coach's words where they wrote the description or the scenario. */
function DriverCard({ id, rating, shown }: { id: DriverId; rating: Rating; shown: boolean }) {
  const { shortName, description, scenario } = useDriver(id);
  return <FlipCard id={id} name={shortName} description={description} scenario={scenario} rating={rating} shown={shown} />;
}

/**
 * The nine flip cards and the legend: the profile as the results page shows it, and as the private
 * profile page shows it again (without the timeline). In a printout, three cards to a row.
 */
export function DriverCards({ drivers, labelledBy, cardsShown = drivers.length, legendShown = true }: DriverCardsProps) {
  return (
    <>
      {/* One column on a phone, three from 640 px (a coach's frame of 660 px too): nine cards never leave one alone on a row. */}
      <ul
        aria-labelledby={labelledBy}
        className="mt-4 grid grid-cols-1 gap-2 sm:mt-8 sm:grid-cols-3 sm:gap-3 print:mt-3 print:grid-cols-3 print:gap-1.5"
      >
        {drivers.map((driver, index) => (
          <DriverCard key={driver.id} id={driver.id} rating={driver.rating} shown={index < cardsShown} />
        ))}
      </ul>
      <RatingLegend shown={legendShown} />
    </>
  );
}
