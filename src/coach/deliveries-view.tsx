import { BusyButton } from '../lib/busy-button';
import { SenderRefused } from './mail-check';
import { useState } from 'react';
import { type DeliveriesResponse, type DeliveryFilter, deliveryFilters, type DeliveryWithLead, type RetryDeliveryResponse } from '../shared/coach-api/deliveries';
import { coachApi, retryDeliveryPath } from '../shared/coach-api/routes';
import { CoachApiFailure, coachRequest } from './api';
import { deliveriesCopy } from './content/deliveries';
import { DeliveryFailure } from './delivery-failure';
import { deliveryKind, deliveryStateLabel, nextAttemptWords, retryRefusal, type RetryRefusal, whereLeadsGo } from './delivery-state';
import { formatCount, formatDateTime } from './format';
import { leadHref, plainClick } from './location';
import { Empty, LoadError, Loading, Pager, ViewPanel, secondaryButton, usePages } from './ui';
import { useCoachData, useSessionEnded } from './use-coach-data';

const copy = deliveriesCopy;

type RetryState = { id: string; status: 'busy' | 'done' | RetryRefusal } | null;

/** `toolPaused`: the e-mail tool refused the key, so its deliveries wait for the coach. */
type DeliveryItemProps = { delivery: DeliveryWithLead; toolPaused: boolean; retry: RetryState; onRetry: () => void; go: (href: string) => void };

/** The lead a delivery is for, linked to it; an erased person is gone: their address masked, no link. */
function DeliveryLead({ delivery, go }: { delivery: DeliveryWithLead; go: (href: string) => void }) {
  if (delivery.leadId === null) {
    return (
      // As tall as a lead's link, so every row keeps its rhythm.
      <p className="flex min-h-11 items-center text-sm break-words text-ink">
        {copy.forLead} {copy.erasedPerson(delivery.leadMaskedEmail)}
      </p>
    );
  }
  const lead = leadHref(delivery.leadId);
  return (
    <p className="text-sm break-words text-ink">
      {copy.forLead}{' '}
      <a
        href={lead}
        onClick={(event) => {
          if (!plainClick(event.nativeEvent)) return;
          event.preventDefault();
          go(lead);
        }}
        className="inline-flex min-h-11 items-center font-semibold text-teal underline underline-offset-4"
      >
        {copy.leadName(delivery.leadFirstName, delivery.leadMaskedEmail)}
      </a>
    </p>
  );
}

/** One delivery: its kind, the lead it is for (linked), when it was queued, and why its last try failed, in words. */
function DeliveryItem({ delivery, toolPaused, retry, onRetry, go }: DeliveryItemProps) {
  const mine = retry?.id === delivery.id ? retry.status : null;
  const kind = deliveryKind(delivery);
  const queued = formatDateTime(delivery.createdAt);
  // An erase whose address is wiped (done, refused or given up) cannot be sent again.
  const retryable = delivery.state !== 'delivered' && (delivery.erase === null || delivery.erase.retryable);
  return (
    <li className="grid gap-x-4 gap-y-2 py-4 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <p className="font-semibold text-ink">{kind}</p>
        <DeliveryLead delivery={delivery} go={go} />
        <p className="text-sm text-muted">{copy.queued(queued)}</p>
        {delivery.erase?.result === 'unsubscribed' && <p className="text-sm text-muted">{copy.eraseUnsubscribedHint}</p>}
        <DeliveryFailure delivery={delivery} />
        {delivery.erase && !retryable && delivery.state !== 'delivered' && <p className="mt-1 text-sm text-ink">{copy.eraseByHand}</p>}
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-muted">{copy.columns.state}</dt>
          <dd>{deliveryStateLabel(delivery)}</dd>
          <dt className="text-muted">{copy.columns.attempts}</dt>
          <dd>{formatCount(delivery.attempts)}</dd>
          <dt className="text-muted">{copy.columns.last}</dt>
          <dd>{delivery.lastAttemptAt ? `${formatDateTime(delivery.lastAttemptAt)} (${copy.lastResult(delivery.lastStatus, delivery.channel)})` : copy.never}</dd>
          <dt className="text-muted">{copy.columns.next}</dt>
          <dd>{nextAttemptWords(delivery, toolPaused)}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col sm:items-end">
        {retryable && (
          <BusyButton
            type="button"
            onClick={onRetry}
            busy={mine === 'busy'}
            aria-label={mine === 'busy' ? undefined : copy.retryLabel(kind, queued)}
            className={secondaryButton}
          >
            {mine === 'busy' ? copy.retrying : copy.retry}
          </BusyButton>
        )}
        <p role="status" className="mt-1 text-sm live-region">
          {mine === 'done' && copy.retried}
          {mine === 'failed' && <span className="font-semibold text-support">{copy.retryFailed}</span>}
          {mine === 'delivered' && copy.retryDelivered}
          {mine === 'gone' && copy.retryGone}
          {mine === 'wiped' && copy.eraseByHand}
        </p>
      </div>
    </li>
  );
}

/**
 * The outbox, both channels (webhook and results e-mail): counts, the failing/backlog/refused/given-up
 * lists, retry now, and each delivery's lead, linked to its own address.
 */
export function DeliveriesView({ go }: { go: (href: string) => void }) {
  const [filter, setFilter] = useState<DeliveryFilter>('failing');
  const pages = usePages();
  const [retry, setRetry] = useState<RetryState>(null);
  const { data, error, loading, reload } = useCoachData<DeliveriesResponse>(coachApi.deliveries, { state: filter, cursor: pages.cursor });
  const sessionEnded = useSessionEnded();

  async function retryNow(id: string) {
    setRetry({ id, status: 'busy' });
    try {
      await coachRequest<RetryDeliveryResponse>(retryDeliveryPath(id), { method: 'POST' });
      setRetry({ id, status: 'done' });
      reload();
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      const answer = failure instanceof CoachApiFailure ? failure : new CoachApiFailure(0, null);
      setRetry({ id, status: retryRefusal(answer.status, answer.body?.error ?? null) });
    }
  }

  const settingsLink = (text: string) => (
    <a href="#settings" className="font-semibold text-teal underline underline-offset-4">
      {text}
    </a>
  );
  if (data && !data.webhookConfigured && !data.mailConfigured && !data.emailToolConfigured) {
    return (
      <ViewPanel intro={copy.intro}>
        <p className="rounded-2xl bg-sun-soft px-4 py-3">
          {copy.notConfigured} {settingsLink(copy.setUp)}
        </p>
      </ViewPanel>
    );
  }
  if (error) return <LoadError onRetry={reload} />;
  if (!data) return <Loading />;
  const where = whereLeadsGo(data.destination, data.emailToolConfigured);

  return (
    <ViewPanel intro={copy.intro}>
      <p className="mb-4 rounded-2xl bg-paper px-4 py-3">
        {where.before}
        {where.address !== null && <code className="break-all text-ink">{where.address}</code>}
        {where.after} {settingsLink(where.setUp ? copy.setUpForwarding : copy.change)}
      </p>
      {!data.mailConfigured && <p className="mb-4 rounded-2xl bg-sun-soft px-4 py-3">{copy.mailOff}</p>}
      {data.emailToolPaused !== null && (
        <div className="mb-4 rounded-2xl bg-sun-soft px-4 py-3">
          <p className="font-semibold text-ink">
            {copy.toolPaused} {settingsLink(copy.change)}
          </p>
          <p className="mt-2 text-sm text-muted">{copy.toolPausedSince(formatDateTime(data.emailToolPaused.since))}</p>
          <p className="font-mono text-sm break-words text-ink">
            {data.emailToolPaused.status} {data.emailToolPaused.detail}
          </p>
        </div>
      )}
      {data.mailSenderRefused !== null && (
        <div className="mb-4">
          <SenderRefused answer={data.mailSenderRefused} />
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {(['pending', 'failing', 'gone', 'expired'] as const).map((key) => (
          <div key={key} className="rounded-2xl border border-line bg-paper p-4">
            <dt className="text-sm font-semibold text-ink">{copy.counts[key]}</dt>
            <dd className="text-2xl font-bold tabular-nums text-teal-dark">{formatCount(data.counts[key])}</dd>
            <dd className="text-xs text-muted">{copy.countHints[key]}</dd>
          </div>
        ))}
      </dl>
      {data.oldestPendingAt && <p className="mt-3 text-sm text-muted">{copy.oldest(formatDateTime(data.oldestPendingAt))}</p>}

      <fieldset className="mt-6">
        <legend className="font-semibold text-ink">{copy.filterLabel}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {deliveryFilters.map((value) => (
            <label
              key={value}
              className="inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-line px-4 font-semibold text-ink has-checked:border-teal has-checked:bg-teal has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal"
            >
              <input
                type="radio"
                name="delivery-filter"
                value={value}
                checked={filter === value}
                onChange={() => {
                  setFilter(value);
                  pages.reset();
                  setRetry(null);
                }}
                className="sr-only"
              />
              {copy.filters[value]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={`mt-4 ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
        {data.deliveries.length === 0 ? (
          <Empty>{filter === 'delivered' ? copy.emptyDelivered : copy.empty}</Empty>
        ) : (
          <ul aria-label={copy.tableCaption(copy.filters[filter])} className="divide-y divide-line border-y border-line">
            {data.deliveries.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                toolPaused={data.emailToolPaused !== null}
                retry={retry}
                onRetry={() => void retryNow(delivery.id)}
                go={go}
              />
            ))}
          </ul>
        )}
      </div>
      <Pager pages={pages} nextCursor={data.nextCursor} />
    </ViewPanel>
  );
}
