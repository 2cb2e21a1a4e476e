/** A lead as the connectors' tests push it: its labels and field from nine ratings, the default mapping with a ratings field. */
import { defaultTagMapping } from '../../../src/shared/email-tool-labels';
import { decodeRatings } from '../../../src/shared/ratings';
import type { ToolContact } from '../connector';
import { fieldsOf, labelsOf, ownLabels } from '../labels';

export const sampleMapping = { ...defaultTagMapping, ratingField: 'core_drivers' };

export function sampleContact(digits: string, email = 'ada@example.com', confirmedAt: number | null = null): ToolContact {
  const ratings = decodeRatings(digits);
  return {
    email,
    firstName: 'Ada',
    labels: labelsOf(ratings, sampleMapping),
    ownLabels: ownLabels(sampleMapping),
    fields: fieldsOf(ratings, sampleMapping),
    confirmedAt,
  };
}
