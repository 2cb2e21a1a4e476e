/** The funnel screen's offers: per offer and pattern, who saw it, the leads under it, the clicks on its button. */
import type { OffersReport } from '../shared/coach-api/offers';
import { coachApi } from '../shared/coach-api/routes';
import { DEFAULT_OFFER_ID } from '../shared/offer-pick';
import { formatCount } from './format';
import { groupedRows } from './offer-figures';
import type { DateRange } from './period';
import { LoadError, Loading, Note, Panel, TableFrame, captionClass, numClass, tableClass, tdClass, thClass, Empty } from './ui';
import { useCoachData } from './use-coach-data';
import { offersCopy, patternNames } from './content/words';

const copy = offersCopy.funnel;
export function OffersFunnel({ range }: { range: DateRange }) {
  const report = useCoachData<OffersReport>(coachApi.offers, range);
  const offers = report.data?.offers ?? [];
  const name = (offer: string) =>
    offer === DEFAULT_OFFER_ID ? offersCopy.defaultTitle : (offers.find((candidate) => candidate.id === offer)?.title ?? copy.removed(offer));
  let body;
  if (report.error && !report.data) body = <LoadError onRetry={report.reload} />;
  else if (!report.data) body = <Loading />;
  else if (report.data.rows.length === 0) body = <Empty>{copy.empty}</Empty>;
  else {
    const groups = groupedRows(report.data.rows, offers.map((offer) => offer.id));
    body = (
      <>
        {groups.some((group) => group.rows.some((row) => row.raised)) && <Note>{copy.raised}</Note>}
        <TableFrame label={copy.tableLabel}>
          <table className={tableClass}>
            <caption className={captionClass}>{copy.title}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{copy.pattern}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{copy.seen}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{copy.leads}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{copy.clicks}</th>
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.offer}>
                <tr>
                  <th scope="rowgroup" colSpan={4} className={`${tdClass} pt-4 font-bold text-teal-dark`}>
                    {copy.offer}: {name(group.offer)}
                  </th>
                </tr>
                <tr>
                  <th scope="row" className={`${tdClass} font-semibold`}>{copy.allPatterns}</th>
                  <td className={`${tdClass} ${numClass} font-semibold`}>{formatCount(group.total.seen)}</td>
                  <td className={`${tdClass} ${numClass} font-semibold`}>{formatCount(group.total.leads)}</td>
                  <td className={`${tdClass} ${numClass} font-semibold`}>{formatCount(group.total.clicks)}</td>
                </tr>
                {group.rows.map((row) => (
                  <tr key={row.pattern}>
                    <th scope="row" className={`${tdClass} pl-4 font-normal`}>{patternNames[row.pattern]}</th>
                    <td className={`${tdClass} ${numClass}`}>{formatCount(row.seen)}</td>
                    <td className={`${tdClass} ${numClass}`}>{formatCount(row.leads)}</td>
                    <td className={`${tdClass} ${numClass}`}>{formatCount(row.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </TableFrame>
      </>
    );
  }
  return (
    <Panel title={copy.title} intro={copy.intro} titleId="funnel-offers-title">
      {body}
    </Panel>
  );
}
