import type { AuditLogResponse } from '../shared/coach-api/audit';
import { coachApi } from '../shared/coach-api/routes';
import { changeLine } from '../shared/settings-history';
import { auditActionLabels, auditActor, auditCopy, auditWhat } from './content/audit';
import { auditDays } from './audit-days';
import { formatDay, formatTime } from './format';
import { captionClass, Empty, LoadError, Loading, Pager, ViewPanel, TableFrame, tableClass, tdClass, thClass, usePages } from './ui';
import { useCoachData } from './use-coach-data';

const copy = auditCopy;

/**
 * The audit log, newest first, a page at a time (the API's 25): what was done, by whom, when. Grouped
 * by day in the coach's time zone, each day a group of rows under its date, so a phone shows the
 * time alone beside each entry.
 */
export function AuditView({ timeZone }: { timeZone: string }) {
  const pages = usePages();
  const { data, error, loading, reload } = useCoachData<AuditLogResponse>(coachApi.audit, { cursor: pages.cursor });

  return (
    <ViewPanel intro={copy.intro(timeZone)}>
      <div aria-busy={loading}>
        {error ? (
          <LoadError onRetry={reload} />
        ) : !data ? (
          <Loading />
        ) : data.entries.length === 0 ? (
          <Empty>{copy.empty}</Empty>
        ) : (
          <TableFrame label={copy.tableCaption}>
            <table className={`${tableClass} max-w-3xl ${loading ? 'opacity-60' : ''}`}>
              <caption className={captionClass}>{copy.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${thClass} w-16`}>{copy.columns.when}</th>
                  <th scope="col" className={thClass}>{copy.columns.what}</th>
                  <th scope="col" className={thClass}>{copy.columns.who}</th>
                </tr>
              </thead>
              {auditDays(data.entries, timeZone).map(({ day, entries }) => (
                <tbody key={day}>
                  <tr>
                    <th scope="rowgroup" colSpan={3} className="pt-5 pb-1 text-left font-bold text-teal-dark">
                      {formatDay(day, true)}
                    </th>
                  </tr>
                  {entries.map((entry, index) => (
                    // Entries have no id of their own in the answer; their day and order identify them.
                    <tr key={`${entry.at}|${index}`}>
                      <td className={`${tdClass} tabular-nums`}>{formatTime(new Date(entry.at), timeZone)}</td>
                      <td className={`${tdClass} text-ink`}>
                        <span className="font-semibold">{entry.changes ? auditActionLabels[entry.action] : auditWhat(entry)}</span>
                        {/* In a table cell only `anywhere` lets a long value (a course link) narrow its column: the table fits a phone. */}
                        {entry.changes && (
                          <ul className="mt-0.5 space-y-0.5 text-sm wrap-anywhere">
                            {entry.changes.map((change) => (
                              <li key={change.field}>{changeLine(change)}</li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className={`${tdClass} text-muted`}>{auditActor(entry, timeZone)}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </TableFrame>
        )}
      </div>
      <Pager pages={pages} nextCursor={data?.nextCursor} />
    </ViewPanel>
  );
}
