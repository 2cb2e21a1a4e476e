import { profileCopy } from '../../content/profile';
import type { ChangeSummary } from '../../shared/profile-changes';
import { RatingBadge } from '../shared/rating-badge';

/**
 * "What changed since last time": one line per driver whose rating moved, its earlier and its new
 * rating as the badges of the cards, then how many stayed.
 */
export function ChangesPanel({ summary }: { summary: ChangeSummary }) {
  return (
    <section aria-labelledby="changes-title" className="rounded-3xl border border-line bg-white p-5 sm:p-8 print:border-0 print:p-0">
      <h2 id="changes-title" className="text-xl font-bold tracking-tight text-teal-dark sm:text-2xl">
        {summary.title}
      </h2>
      <p className="mt-1 text-muted">{summary.intro}</p>
      {summary.changes.length > 0 && (
        <ul className="mt-3 divide-y divide-line border-y border-line">
          {summary.changes.map((change) => (
            <li key={change.driverId} className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2.5">
              <span className="mr-1 font-semibold text-ink">{change.driver}</span>
              <span className="inline-flex flex-wrap items-center gap-x-2">
                <RatingBadge rating={change.before} />
                <span aria-hidden="true" className="text-muted">
                  →
                </span>
                <span className="sr-only">{profileCopy.changes.to}</span>
                <RatingBadge rating={change.after} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">{summary.closing}</p>
    </section>
  );
}
