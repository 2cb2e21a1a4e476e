import type { Delivery } from '../shared/coach-api';
import { coachCopy } from './content';

/** A delivery's state in words: a pending one that already failed is "Retrying". */
export function deliveryStateLabel(delivery: Pick<Delivery, 'state' | 'attempts'>): string {
  const states = coachCopy.deliveries.states;
  if (delivery.state === 'pending') return delivery.attempts > 0 ? states.retrying : states.pending;
  return states[delivery.state];
}
