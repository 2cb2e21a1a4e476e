/**
 * The dashboard's charts, in plain SVG and CSS (no chart library: a few bars need none). Each is an
 * image with a short label for screen readers; the same numbers are always in a table beside it.
 */
import { ratingColors, RATINGS, type Rating } from '../shared/constants';
import { formatCount, formatDay } from './format';

export type Bar = { key: string; label: string; value: number; note?: string };

/** Horizontal bars, each as long as its value against the largest, with its label and value. */
export function HorizontalBars({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <div role="img" aria-label={label} className="space-y-2">
      {bars.map((bar) => (
        <div key={bar.key} className="grid grid-cols-[minmax(6.5rem,38%)_1fr] items-center gap-3 text-sm">
          <span className="leading-tight text-ink">{bar.label}</span>
          <span className="flex items-center gap-2">
            <span
              className="h-5 rounded-r-md bg-teal"
              style={{ width: `${(bar.value / max) * 100}%`, minWidth: bar.value > 0 ? '3px' : 0 }}
            />
            <span className="shrink-0 tabular-nums text-muted">
              {formatCount(bar.value)}
              {bar.note && <span className="ml-1">{bar.note}</span>}
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}

/** One bar split into the shares of ratings 1, 2 and 3, in the rating colours. */
export function RatingBar({ counts }: { counts: Record<Rating, number> }) {
  const total = RATINGS.reduce((sum, rating) => sum + counts[rating], 0);
  return (
    <span className="flex h-4 w-full overflow-hidden rounded-md bg-line">
      {total > 0 &&
        RATINGS.map((rating) => (
          <span key={rating} style={{ width: `${(counts[rating] / total) * 100}%`, backgroundColor: ratingColors[rating] }} />
        ))}
    </span>
  );
}

export type DailyPoint = { date: string; landings: number; leads: number };

const chartHeight = 140;

/** Columns per day: landings in light teal, leads in dark teal in front of them. */
export function DailyColumns({ points, label }: { points: DailyPoint[]; label: string }) {
  const max = Math.max(1, ...points.map((point) => Math.max(point.landings, point.leads)));
  const slot = 10;
  const width = Math.max(1, points.length) * slot;
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="m-0">
      <div className="flex gap-2">
        <span aria-hidden="true" className="w-8 shrink-0 text-right text-xs tabular-nums text-muted">
          {formatCount(max)}
        </span>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${chartHeight}`}
          preserveAspectRatio="none"
          className="h-36 w-full border-b border-l border-line"
        >
          {points.map((point, index) => {
            const landing = (point.landings / max) * chartHeight;
            const lead = (point.leads / max) * chartHeight;
            return (
              <g key={point.date}>
                <rect x={index * slot + 1} width={slot - 2} y={chartHeight - landing} height={landing} fill="var(--color-teal-soft)" stroke="var(--color-teal)" strokeWidth="0.5" vectorEffect="non-scaling-stroke" />
                <rect x={index * slot + 2.5} width={slot - 5} y={chartHeight - lead} height={lead} fill="var(--color-teal-dark)" />
              </g>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div aria-hidden="true" className="mt-1 ml-10 flex justify-between text-xs text-muted">
          <span>{formatDay(first.date)}</span>
          <span>{formatDay(last.date)}</span>
        </div>
      )}
    </figure>
  );
}
