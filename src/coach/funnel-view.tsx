import type { FunnelResponse, StepCounts } from '../shared/coach-api/funnel';
import { coachApi } from '../shared/coach-api/routes';
import { DailyColumns, HorizontalBars } from './charts';
import { dailyCopy, dropWords, funnelCopy, sourcesCopy, stepLabel } from './content/funnel';
import { formatCount, formatDay, formatPercent } from './format';
import { anyRaised, biggestDrops, dailyRows, funnelRows, isEmptyFunnel, partsAboveWhole, rate, sourceLabel, sourceRows, stepsOf, type FunnelRow } from './funnel-math';
import type { DateRange } from './period';
import { useState } from 'react';
import { captionClass, Empty, inputClass, LoadError, Loading, Note, numClass, Panel, TableFrame, tableClass, tdClass, thClass } from './ui';
import { useCoachData } from './use-coach-data';

const copy = funnelCopy;

function SummaryCard({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-teal-dark">{formatCount(value)}</dd>
      {note && <dd className="text-sm text-muted">{note}</dd>}
    </div>
  );
}

function FunnelTable({ rows }: { rows: FunnelRow[] }) {
  return (
    <TableFrame label={copy.tableCaption}>
      <table className={tableClass}>
        <caption className={captionClass}>{copy.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>{copy.columns.step}</th>
            <th scope="col" className={`${thClass} ${numClass}`}>{copy.columns.count}</th>
            <th scope="col" className={`${thClass} ${numClass}`}>{copy.columns.conversion}</th>
            <th scope="col" className={`${thClass} ${numClass}`}>{copy.columns.dropOff}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.step}>
              <th scope="row" className={`${tdClass} font-normal`}>{stepLabel(row.step)}</th>
              <td className={`${tdClass} ${numClass}`}>{formatCount(row.count)}</td>
              <td className={`${tdClass} ${numClass}`}>{formatPercent(row.conversion)}</td>
              <td className={`${tdClass} ${numClass}`}>
                {formatPercent(row.dropOff)}
                {row.drops !== null && row.drops > 0 && (
                  <span className="block text-xs whitespace-nowrap text-muted">{copy.columns.drops(formatCount(row.drops))}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** The note when parts raised on their own (days, sources) add up to more than the period: its first such step. */
function AboveWholeNote({ parts, whole, words }: { parts: StepCounts[]; whole: FunnelRow[]; words: (step: string, parts: string, whole: string) => string }) {
  const [first] = partsAboveWhole(parts, whole);
  return first ? <Note>{words(stepLabel(first.step), formatCount(first.parts), formatCount(first.whole))}</Note> : null;
}

function DailyPanel({ data, whole }: { data: FunnelResponse; whole: FunnelRow[] }) {
  const dc = dailyCopy;
  const days = dailyRows(data.daily);
  const points = days.map((day) => ({ date: day.date, landings: day.counts.landing, leads: day.counts.lead }));
  return (
    <Panel title={dc.title} titleId="daily-title">
      {days.some((day) => day.raised) && <Note>{dc.raised}</Note>}
      <AboveWholeNote parts={data.daily.map((day) => day.counts)} whole={whole} words={dc.aboveWhole} />
      <div className="mb-2 flex gap-4 text-sm text-muted" aria-hidden="true">
        <span className="flex items-center gap-1.5"><span className="size-3 rounded-sm border border-teal bg-teal-soft" />{dc.legendLandings}</span>
        <span className="flex items-center gap-1.5"><span className="size-3 rounded-sm bg-teal-dark" />{dc.legendLeads}</span>
      </div>
      <DailyColumns points={points} label={dc.chartLabel} />
      <details className="mt-4">
        <summary className="cursor-pointer py-2.5 font-semibold text-teal">{dc.showTable}</summary>
        <TableFrame label={dc.tableCaption}>
          <table className={`${tableClass} mt-2 min-w-xl`}>
            <caption className={captionClass}>{dc.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{dc.columns.day}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{dc.columns.landings}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{dc.columns.started}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{dc.columns.results}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{dc.columns.leads}</th>
                <th scope="col" className={`${thClass} ${numClass}`}>{dc.columns.courseClicks}</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map(({ date, counts }) => (
                <tr key={date}>
                  <th scope="row" className={`${tdClass} font-normal whitespace-nowrap`}>{formatDay(date, true)}</th>
                  <td className={`${tdClass} ${numClass}`}>{formatCount(counts.landing)}</td>
                  <td className={`${tdClass} ${numClass}`}>{formatCount(counts.quiz_started)}</td>
                  <td className={`${tdClass} ${numClass}`}>{formatCount(counts.results)}</td>
                  <td className={`${tdClass} ${numClass}`}>{formatCount(counts.lead)}</td>
                  <td className={`${tdClass} ${numClass}`}>{formatCount(counts.course_click)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </details>
    </Panel>
  );
}

function SourcesPanel({ data, whole }: { data: FunnelResponse; whole: FunnelRow[] }) {
  const sc = sourcesCopy;
  const rows = sourceRows(data.sources, data.otherSources, sc.other).filter((row) => row.landings > 0 || row.leads > 0);
  return (
    <Panel title={sc.title} intro={sc.intro} titleId="sources-title">
      {rows.length === 0 ? (
        <Empty>{sc.empty}</Empty>
      ) : (
        <>
          <AboveWholeNote parts={[...data.sources.map((item) => item.counts), ...(data.otherSources ? [data.otherSources] : [])]} whole={whole} words={sc.aboveWhole} />
          <TableFrame label={sc.tableCaption}>
            <table className={`${tableClass} min-w-md`}>
              <caption className={captionClass}>{sc.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>{sc.columns.source}</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>{sc.columns.landings}</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>{sc.columns.leads}</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>{sc.columns.leadRate}</th>
                  <th scope="col" className={`${thClass} ${numClass}`}>{sc.columns.courseClicks}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.source ?? ''}|${row.medium ?? ''}|${row.campaign ?? ''}|${index}`}>
                    <th scope="row" className={`${tdClass} min-w-36 font-normal wrap-anywhere`}>
                      {row.source ?? sc.direct}
                      {row.medium && <span className="block text-xs text-muted">{sc.medium(row.medium)}</span>}
                      {row.campaign && <span className="block text-xs text-muted">{sc.campaign(row.campaign)}</span>}
                    </th>
                    <td className={`${tdClass} ${numClass}`}>{formatCount(row.landings)}</td>
                    <td className={`${tdClass} ${numClass}`}>{formatCount(row.leads)}</td>
                    <td className={`${tdClass} ${numClass}`}>{formatPercent(row.leadRate)}</td>
                    <td className={`${tdClass} ${numClass}`}>{formatCount(row.courseClicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </>
      )}
    </Panel>
  );
}

export function FunnelView({ range }: { range: DateRange }) {
  const { data, error, loading, reload } = useCoachData<FunnelResponse>(coachApi.funnel, range);
  // Which source's funnel to show: "all", or a source by its label (kept when the period changes).
  const [source, setSource] = useState('all');
  const direct = sourcesCopy.direct;
  if (error) return <LoadError onRetry={reload} />;
  if (!data) return <Loading />;

  const chosen = data.sources.find((item) => sourceLabel(item, direct) === source);
  const allSources = funnelRows(data.steps);
  const rows = chosen ? funnelRows(stepsOf(chosen.counts)) : allSources;
  const count = (step: FunnelRow['step']) => rows.find((row) => row.step === step)?.count ?? 0;
  const [worst, runnerUp] = biggestDrops(rows);
  const s = copy.summary;
  return (
    <div className={`space-y-6 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
      {data.sources.length > 0 && (
        <div className="max-w-md">
          <label htmlFor="funnel-source" className="font-semibold text-ink">
            {copy.sourceLabel}
          </label>
          <select id="funnel-source" value={chosen ? source : 'all'} onChange={(event) => setSource(event.target.value)} aria-describedby="funnel-source-note" className={`mt-1 ${inputClass}`}>
            <option value="all">{copy.allSources}</option>
            {[...new Set(data.sources.map((item) => sourceLabel(item, direct)))].map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </select>
          <p id="funnel-source-note" className="mt-1 text-sm text-muted">{copy.sourceNote}</p>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label={s.landings} value={count('landing')} />
        <SummaryCard label={s.started} value={count('quiz_started')} note={s.ofLandings(formatPercent(rate(count('quiz_started'), count('landing'))))} />
        <SummaryCard label={s.leads} value={count('lead')} note={s.ofResults(formatPercent(rate(count('lead'), count('results'))))} />
        <SummaryCard label={s.courseClicks} value={count('course_click')} note={s.ofLeads(formatPercent(rate(count('course_click'), count('lead'))))} />
      </dl>

      <Panel title={copy.title} intro={copy.intro} titleId="funnel-title">
        {isEmptyFunnel(rows) && <Empty>{copy.empty}</Empty>}
        {anyRaised(rows) && <Note>{copy.raised}</Note>}
        {worst && (
          <div className="mb-4 rounded-2xl bg-sun-soft px-4 py-3 text-sm">
            <p className="font-semibold">
              {copy.biggestDrop(dropWords(worst.step).place, formatCount(worst.lost), formatCount(worst.reached), formatPercent(worst.share), dropWords(worst.step).left)}
            </p>
            {runnerUp && <p className="mt-1">{copy.nextDrop(dropWords(runnerUp.step).place, formatPercent(runnerUp.share))}</p>}
          </div>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <HorizontalBars label={copy.chartLabel} bars={rows.map((row) => ({ key: row.step, label: stepLabel(row.step), value: row.count }))} />
          <FunnelTable rows={rows} />
        </div>
        <ul className="mt-4 space-y-1 text-xs text-muted">
          <li>{copy.conversionHint}</li>
          <li>{copy.dropOffHint}</li>
        </ul>
      </Panel>

      <DailyPanel data={data} whole={allSources} />
      <SourcesPanel data={data} whole={allSources} />
    </div>
  );
}
