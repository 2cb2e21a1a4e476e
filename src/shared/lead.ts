/**
 * The lead a visitor submits at the results gate. One schema, used by the gate in the browser and by
 * `POST /api/leads` on the server, so both accept and refuse exactly the same input.
 */
import * as v from 'valibot';
import { DRIVER_COUNT, RATINGS } from './constants';

/** SPEC section 5: non-empty and contains an @. Trimmed first; bounded so storage stays sane. */
export const emailSchema = v.pipe(
  v.string('Please enter a valid email address.'),
  v.trim(),
  v.nonEmpty('Please enter a valid email address.'),
  v.includes('@', 'Please enter a valid email address.'),
  v.maxLength(254, 'That email address is too long.'),
);

export const firstNameSchema = v.pipe(
  v.string('Please enter your first name.'),
  v.trim(),
  v.nonEmpty('Please enter your first name.'),
  v.maxLength(100, 'Please use at most 100 characters for your first name.'),
);

export const ratingsSchema = v.pipe(v.array(v.picklist(RATINGS)), v.length(DRIVER_COUNT));

export const leadSchema = v.strictObject({
  email: emailSchema,
  firstName: firstNameSchema,
  ratings: ratingsSchema,
});

export type LeadInput = v.InferInput<typeof leadSchema>;
export type Lead = v.InferOutput<typeof leadSchema>;
