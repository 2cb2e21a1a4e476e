import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RatingBadge } from '../features/shared/rating-badge';
import type { Delivery } from '../shared/coach-api/deliveries';
import type { LeadDetail, SubmissionDetail } from '../shared/coach-api/leads';
import { leadPath } from '../shared/coach-api/routes';
import { dayInWords, describeChanges } from '../shared/profile-changes';
import { deliveriesCopy } from './content/deliveries';
import { leadCopy } from './content/leads';
import { patternLabels } from './content/profiles';
import { DeliveryFailure } from './delivery-failure';
import { deliveryKind, deliveryStateLabel } from './delivery-state';
import { EraseDialog } from './erase-dialog';
import { formatDateTime } from './format';
import { captionClass, dangerButton, LoadError, Loading, Panel, TableFrame, tableClass, tdClass, thClass } from './ui';
import { useCoachData } from './use-coach-data';

const copy = leadCopy;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) return <p className="text-muted">{copy.deliveryNone}</p>;
  const dc = deliveriesCopy;
  return (
    <ul className="space-y-3">
      {deliveries.map((delivery) => (
        <li key={delivery.id}>
          <p className="font-semibold text-ink">{deliveryKind(delivery)}</p>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Fact term={dc.columns.state}>{deliveryStateLabel(delivery)}</Fact>
            <Fact term={dc.columns.attempts}>{delivery.attempts}</Fact>
            <Fact term={dc.columns.last}>
              {delivery.lastAttemptAt ? `${formatDateTime(delivery.lastAttemptAt)} (${dc.lastResult(delivery.lastStatus, delivery.channel)})` : dc.never}
            </Fact>
          </dl>
          <DeliveryFailure delivery={delivery} />
        </li>
      ))}
    </ul>
  );
}

/** The consent record and the double opt-in: what a coach keeps as proof (no IP address, no user agent). */
function Consent({ submission }: { submission: SubmissionDetail }) {
  const { consent } = submission;
  if (!consent) return <p className="text-muted">{copy.consentNone}</p>;
  const marketing =
    consent.marketingConsent === null ? copy.marketingNotAsked : consent.marketingConsent ? copy.marketingYes : copy.marketingNo;
  return (
    <dl className="space-y-3">
      <Fact term={copy.consentText}>
        <span className="whitespace-pre-line">{consent.wording ?? copy.wordingUnknown}</span>
      </Fact>
      <Fact term={copy.consentVersion}>
        <code className="font-mono text-sm">{consent.version ?? copy.versionNone}</code>
      </Fact>
      <Fact term={copy.marketing}>{marketing}</Fact>
      <Fact term={copy.requestedAt}>{formatDateTime(consent.requestedAt)}</Fact>
      {consent.marketingConsent === true && (
        <Fact term={copy.confirmedAt}>{consent.confirmedAt ? formatDateTime(consent.confirmedAt) : copy.notConfirmed}</Fact>
      )}
    </dl>
  );
}

/** Per driver, the earlier and the new rating with their dates (src/shared/profile-changes.ts). */
function Changes({ submission, before }: { submission: SubmissionDetail; before: SubmissionDetail }) {
  const [now] = useState(() => Date.now());
  const ratingsOf = (entry: SubmissionDetail) => entry.ratings.map((driver) => driver.rating);
  const summary = describeChanges(
    { ratings: ratingsOf(before), at: Date.parse(before.submittedAt) },
    { ratings: ratingsOf(submission), at: Date.parse(submission.submittedAt) },
    (at) => dayInWords(at, undefined, now),
  );
  return (
    <div>
      <h4 className="font-semibold text-ink">{copy.changesTitle}</h4>
      {summary.lines.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {summary.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-sm text-muted">{summary.closing}</p>
    </div>
  );
}

type SubmissionProps = { submission: SubmissionDetail; before: SubmissionDetail | undefined; index: number; latest: boolean };

function Submission({ submission, before, index, latest }: SubmissionProps) {
  const id = `submission-${index}`;
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : copy.none);
  const tableName = `${copy.profileCaption}, ${formatDateTime(submission.submittedAt)}`;
  return (
    <article aria-labelledby={id} className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h3 id={id} className="text-lg font-bold text-teal-dark">
        {copy.submittedAt(formatDateTime(submission.submittedAt))}
        {latest && <span className="ml-2 rounded-full bg-teal-soft px-2 py-0.5 align-middle text-xs font-semibold text-teal-dark">{copy.latest}</span>}
      </h3>
      <p className="mt-1 text-sm text-muted">{patternLabels[submission.pattern]}</p>

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div>
          <h4 className="font-semibold text-ink">{copy.profileTitle}</h4>
          {/* Named with its submission's time: two or more submissions never give two regions one name (axe: landmark-unique). */}
          <TableFrame label={tableName}>
            <table className={`${tableClass} mt-2`}>
              <caption className={captionClass}>{tableName}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>{copy.columns.driver}</th>
                  <th scope="col" className={thClass}>{copy.columns.rating}</th>
                </tr>
              </thead>
              <tbody>
                {submission.ratings.map(({ driverId, driver, rating }) => (
                  <tr key={driverId}>
                    <th scope="row" className={`${tdClass} font-normal`}>{driver}</th>
                    <td className={tdClass}>
                      <RatingBadge rating={rating} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </div>
        <div className="space-y-5">
          <div>
            <h4 className="font-semibold text-ink">{copy.summaryTitle}</h4>
            <p className="mt-1 rounded-2xl bg-paper px-4 py-3 text-pretty">{submission.summary}</p>
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact term={copy.weak}>{list(submission.weakDrivers)}</Fact>
            <Fact term={copy.strong}>{list(submission.strongDrivers)}</Fact>
          </dl>
          {before && <Changes submission={submission} before={before} />}
          <div>
            <h4 className="font-semibold text-ink">{copy.consentTitle}</h4>
            <div className="mt-1">
              <Consent submission={submission} />
            </div>
          </div>
          <div>
            <h4 className="font-semibold text-ink">{copy.deliveryTitle}</h4>
            <div className="mt-1">
              <Deliveries deliveries={submission.deliveries} />
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

type LeadDetailProps = { id: string; focusOnLoad: boolean; onBack: () => void; onErased: (already: boolean) => void };

/**
 * One person: every submission as they saw it (newest first), consent, forwarding, and erase.
 * `focusOnLoad`: the coach came here from another place, so focus moves to the person's name once
 * it shows (a screen reader hears whose page this is, and reads on from there).
 */
export function LeadDetailView({ id, focusOnLoad, onBack, onErased }: LeadDetailProps) {
  const { data, error, reload } = useCoachData<LeadDetail>(leadPath(id));
  const [confirming, setConfirming] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const shown = data !== null;
  useEffect(() => {
    if (shown && focusOnLoad) title.current?.focus();
  }, [shown, focusOnLoad]);

  const back = (
    <button type="button" onClick={onBack} className="min-h-11 font-semibold text-teal underline underline-offset-4">
      <span aria-hidden="true">← </span>
      {copy.back}
    </button>
  );
  if (error?.status === 404) return <div className="space-y-4">{back}<p role="alert">{copy.notFound}</p></div>;
  if (error) return <div className="space-y-4">{back}<LoadError onRetry={reload} /></div>;
  if (!data) return <Loading />;

  return (
    <div className="space-y-6">
      {back}
      <Panel title={data.firstName} titleId="lead-title" titleRef={title} intro={<span className="break-all">{data.email}</span>}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact term={copy.firstSubmitted}>{formatDateTime(data.firstSubmittedAt)}</Fact>
          <Fact term={copy.submissionsTerm}>{copy.submissions(data.submissions.length)}</Fact>
        </dl>
      </Panel>
      {data.submissions.map((submission, index) => (
        <Submission
          key={submission.submittedAt}
          submission={submission}
          before={data.submissions[index + 1]}
          index={index}
          latest={index === 0}
        />
      ))}
      <section aria-labelledby="erase-section" className="rounded-3xl border-2 border-support/30 bg-white p-5 sm:p-6">
        <h3 id="erase-section" className="font-bold text-ink">{copy.erase}</h3>
        <p className="mt-1 text-sm text-muted">{copy.eraseHint}</p>
        <button type="button" onClick={() => setConfirming(true)} className={`${dangerButton} mt-3`}>
          {copy.erase}
        </button>
      </section>
      {confirming && (
        <EraseDialog leadId={data.id} firstName={data.firstName} email={data.email} onClose={() => setConfirming(false)} onErased={onErased} />
      )}
    </div>
  );
}
