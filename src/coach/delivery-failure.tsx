import type { Delivery } from '../shared/coach-api/deliveries';
import { deliveriesCopy } from './content/deliveries';
import { failureReason } from './delivery-state';

const copy = deliveriesCopy;

/**
 * Why a delivery's last try failed, in words, with the technical answer one click away: the status
 * and what the receiver or mail server said (kept as checked plain text by the server). Nothing for
 * a delivery that went through or was never tried.
 */
export function DeliveryFailure({ delivery }: { delivery: Pick<Delivery, 'state' | 'attempts' | 'lastStatus' | 'lastReply' | 'channel' | 'event'> }) {
  const reason = failureReason(delivery);
  if (!reason) return null;
  return (
    <div className="mt-1 text-sm">
      <p className="font-semibold text-support">{reason}</p>
      <details className="mt-1">
        <summary className="cursor-pointer py-3 font-semibold text-teal">{copy.technical}</summary>
        <p className="text-muted">{copy.lastResult(delivery.lastStatus, delivery.channel)}</p>
        {delivery.lastReply && (
          <p className="mt-1 text-muted">
            {copy.theirWords} <code className="font-mono break-words text-ink">{delivery.lastReply}</code>
          </p>
        )}
      </details>
    </div>
  );
}
