/**
 * The results timeline of SPEC section 4 as a pure function of the time since arrival, so the page
 * derives what is shown from one number and tests can check any moment.
 */
import { DRIVER_COUNT, resultsTimings } from '../../shared/constants';

export type TimelineState = {
  loading: boolean;
  /** How many of the nine cards are shown, in order. */
  cardsShown: number;
  /** The legend is shown and the arrival confetti has fired. */
  legendShown: boolean;
  gateShown: boolean;
};

/** When card `index` (0-based) appears. */
export function cardAppearsAt(index: number): number {
  return resultsTimings.cardsAppearMs + index * resultsTimings.cardStaggerMs;
}

const cardTimes = Array.from({ length: DRIVER_COUNT }, (_, index) => cardAppearsAt(index));

/** Every moment at which something changes, in order. */
export const timelineMilestones: readonly number[] = [
  resultsTimings.loadingEndsMs,
  ...cardTimes,
  resultsTimings.legendAndConfettiMs,
  resultsTimings.gateAppearsMs,
];

export function timelineAt(elapsedMs: number): TimelineState {
  return {
    loading: elapsedMs < resultsTimings.loadingEndsMs,
    cardsShown: cardTimes.filter((at) => at <= elapsedMs).length,
    legendShown: elapsedMs >= resultsTimings.legendAndConfettiMs,
    gateShown: elapsedMs >= resultsTimings.gateAppearsMs,
  };
}
