/**
 * The hand-over from the quiz to the results page (SPEC section 2): navigation state
 * `{ coreDrivers: CoreDriverResult[] }` with all nine drivers and their ratings. The results page
 * parses it once with `parseCoreDriversState`; anything missing, partial or tampered is "missing".
 */
import * as v from 'valibot';
import { coreDrivers, type DriverId } from '../content/drivers';
import { DRIVER_COUNT, RATINGS, type Rating } from './constants';

const driverIdSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(DRIVER_COUNT),
  // Checked above to be a whole number from 1 to 9, so it is one of the DriverId values.
  v.transform((id) => id as DriverId),
);

export const coreDriverResultSchema = v.strictObject({
  id: driverIdSchema,
  name: v.pipe(v.string(), v.nonEmpty()),
  rating: v.picklist(RATINGS),
  scenario: v.pipe(v.string(), v.nonEmpty()),
});

export const coreDriversStateSchema = v.object({
  coreDrivers: v.pipe(
    v.array(coreDriverResultSchema),
    v.length(DRIVER_COUNT),
    v.check((drivers) => new Set(drivers.map((driver) => driver.id)).size === DRIVER_COUNT, 'each id once'),
  ),
});

export type CoreDriverResult = v.InferOutput<typeof coreDriverResultSchema>;
export type CoreDriversState = { coreDrivers: CoreDriverResult[] };

/** The nine results in id order, or null when the state is missing, partial or malformed. */
export function parseCoreDriversState(state: unknown): CoreDriverResult[] | null {
  const result = v.safeParse(coreDriversStateSchema, state);
  if (!result.success) return null;
  return [...result.output.coreDrivers].sort((a, b) => a.id - b.id);
}

/** The nine results for nine ratings in driver order, as the quiz hands them over. */
export function driversFromRatings(ratings: readonly Rating[]): CoreDriverResult[] {
  return coreDrivers.map((driver, index) => ({ id: driver.id, name: driver.name, scenario: driver.scenario, rating: ratings[index] ?? 2 }));
}

/** What /results shows: the results, and whether this tab unlocked them already (no gate, no staged reveal). */
export type ResultsToShow = { drivers: CoreDriverResult[]; unlocked: boolean } | null;

/**
 * The quiz's hand-over decides (SPEC section 2); the ratings this tab unlocked (src/lib/results-memory.ts)
 * only say whether those same results were unlocked, or stand in for a hand-over the browser lost on
 * reload. Without either, the results are missing.
 */
export function resultsToShow(handedOver: CoreDriverResult[] | null, unlocked: readonly Rating[] | null): ResultsToShow {
  const same = (drivers: CoreDriverResult[]) => unlocked !== null && drivers.every((driver, index) => driver.rating === unlocked[index]);
  if (handedOver) return { drivers: handedOver, unlocked: same(handedOver) };
  return unlocked ? { drivers: driversFromRatings(unlocked), unlocked: true } : null;
}
