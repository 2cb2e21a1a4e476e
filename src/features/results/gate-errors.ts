/**
 * The gate's field errors, as a pure rule: an error appears only on submit, and goes as soon as the
 * field it is about becomes valid while the visitor types ("reward early, punish late"). A field
 * still invalid keeps its message until the next submit says otherwise.
 */
import * as v from 'valibot';
import { emailSchema, firstNameSchema } from '../../shared/lead';

export type GateField = 'email' | 'firstName';
export type GateErrors = Partial<Record<GateField, string>>;

const schemas = { email: emailSchema, firstName: firstNameSchema } satisfies Record<GateField, unknown>;

/** The errors left after `field` was changed to `value`: its own goes once the value is valid. */
export function errorsAfterEdit(errors: GateErrors, field: GateField, value: string): GateErrors {
  if (!errors[field] || !v.is(schemas[field], value)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}
