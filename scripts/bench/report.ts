/** Medians and the benchmark's one table. */

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median of each numeric field over several samples of the same shape. */
export function medianOf<T extends Record<string, unknown>>(samples: T[]): Record<string, number> {
  const first = samples[0];
  if (!first) return {};
  const medians: Record<string, number> = {};
  for (const [key, value] of Object.entries(first)) {
    if (typeof value === 'number') medians[key] = median(samples.map((sample) => sample[key] as number));
  }
  return medians;
}

export type Row = {
  figure: string;
  value: string;
  target?: string;
  /** Whether the value meets the target; undefined where there is no target. */
  met?: boolean;
};

export function formatNumber(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
}

/** A Markdown table: readable in a terminal, pastable into a note or an issue. */
export function formatTable(rows: Row[]): string {
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ]);
  const header = ['figure', 'median', 'target', 'met'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
