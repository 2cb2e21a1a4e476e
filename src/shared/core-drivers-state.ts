/**
 * The hand-over from the quiz to the results page (SPEC section 2): navigation state
 * `{ coreDrivers: CoreDriverResult[] }` with all nine drivers and their ratings. The results page
 * parses it once with `parseCoreDriversState`; anything missing, partial or tampered is "missing".
 */
import * as v from 'valibot';
import type { DriverId } from '../content/drivers';
import { DRIVER_COUNT, RATINGS } from './constants';

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
