import type { ProfilesResponse } from '../shared/coach-api/profiles';
import { coachApi } from '../shared/coach-api/routes';
import { RATINGS } from '../shared/constants';
import { HorizontalBars, RatingBar } from './charts';
import { patternLabels, profilesCopy, ratingLabels } from './content/profiles';
import { formatCount, formatPercent } from './format';
import { rate } from './funnel-math';
import type { DateRange } from './period';
import { RatingBadge } from '../features/shared/rating-badge';
import { captionClass, Empty, LoadError, Loading, numClass, Panel, TableFrame, tableClass, tdClass, thClass } from './ui';
import { useCoachData } from './use-coach-data';

const copy = profilesCopy;

function RatingLegend() {
  return (
    <ul aria-hidden="true" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {RATINGS.map((rating) => (
        <li key={rating}>
          <RatingBadge rating={rating} />
        </li>
      ))}
    </ul>
  );
}

/** The driver most often rated 1, when any was. */
function mostNeedingSupport(data: ProfilesResponse) {
  const [top] = [...data.drivers].sort((a, b) => b.ratings[1] - a.ratings[1]);
  return top && top.ratings[1] > 0 ? top : null;
}

export function ProfilesView({ range }: { range: DateRange }) {
  const { data, error, loading, reload } = useCoachData<ProfilesResponse>(coachApi.profiles, range);
  if (error) return <LoadError onRetry={reload} />;
  if (!data) return <Loading />;
  const top = mostNeedingSupport(data);
  return (
    <div className={`space-y-6 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
      <Panel title={copy.driversTitle} intro={copy.intro(formatCount(data.submissions), data.submissions === 1)} titleId="drivers-title">
        {data.submissions === 0 ? (
          <Empty>{copy.empty}</Empty>
        ) : (
          <>
            {top && (
              <p className="mb-4 rounded-2xl bg-sun-soft px-4 py-3 text-sm">
                {copy.mostSupport(top.driver, formatPercent(rate(top.ratings[1], data.submissions)))}
              </p>
            )}
            <div className="grid gap-6 lg:grid-cols-2">
              <div role="img" aria-label={copy.driversChartLabel}>
                <RatingLegend />
                <ul className="space-y-3">
                  {data.drivers.map((driver) => (
                    <li key={driver.driverId} className="text-sm">
                      <span className="block text-ink">{driver.driver}</span>
                      <RatingBar counts={driver.ratings} />
                    </li>
                  ))}
                </ul>
              </div>
              <TableFrame label={copy.driversCaption}>
                <table className={tableClass}>
                  <caption className={captionClass}>{copy.driversCaption}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={thClass}>{copy.columns.driver}</th>
                      {RATINGS.map((rating) => (
                        <th key={rating} scope="col" className={`${thClass} ${numClass}`}>{ratingLabels[rating]}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.drivers.map((driver) => (
                      <tr key={driver.driverId}>
                        <th scope="row" className={`${tdClass} font-normal`}>{driver.driver}</th>
                        {RATINGS.map((rating) => (
                          <td key={rating} className={`${tdClass} ${numClass}`}>
                            {formatPercent(rate(driver.ratings[rating], data.submissions))}
                            <span className="block text-xs text-muted">{formatCount(driver.ratings[rating])}</span>
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            </div>
          </>
        )}
      </Panel>

      <Panel title={copy.patternsTitle} intro={copy.patternsIntro} titleId="patterns-title">
        {data.submissions === 0 ? (
          <Empty>{copy.empty}</Empty>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <HorizontalBars
              label={copy.patternsCaption}
              bars={data.patterns.map(({ pattern, count }) => ({ key: pattern, label: patternLabels[pattern], value: count }))}
            />
            <TableFrame label={copy.patternsCaption}>
              <table className={tableClass}>
                <caption className={captionClass}>{copy.patternsCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={thClass}>{copy.patternColumns.pattern}</th>
                    <th scope="col" className={`${thClass} ${numClass}`}>{copy.patternColumns.count}</th>
                    <th scope="col" className={`${thClass} ${numClass}`}>{copy.patternColumns.share}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.patterns.map(({ pattern, count }) => (
                    <tr key={pattern}>
                      <th scope="row" className={`${tdClass} font-normal`}>{patternLabels[pattern]}</th>
                      <td className={`${tdClass} ${numClass}`}>{formatCount(count)}</td>
                      <td className={`${tdClass} ${numClass}`}>{formatPercent(rate(count, data.submissions))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </div>
        )}
      </Panel>
    </div>
  );
}
