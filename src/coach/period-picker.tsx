import { useState, type FormEvent } from 'react';
import { periodCopy } from './content/common';
import { formatDay } from './format';
import { customRangeProblem, periodRange, presetDays, type DateRange, type Period, type RangeProblem } from './period';
import { inputClass, secondaryButton } from './ui';

const copy = periodCopy;
const pill =
  'inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-line bg-white px-4 text-sm font-semibold text-ink has-checked:border-teal has-checked:bg-teal has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal';

type PeriodPickerProps = { period: Period; today: string; timeZone: string; onChange: (period: Period) => void };

/** Last 7, 30 or 90 days, or a custom range checked before it is asked for. */
export function PeriodPicker({ period, today, timeZone, onChange }: PeriodPickerProps) {
  const [customOpen, setCustomOpen] = useState(period.kind === 'custom');
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const range = periodRange(period, today);

  function applyCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const custom: DateRange = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') };
    const found = customRangeProblem(custom, today);
    setProblem(found);
    if (!found) onChange({ kind: 'custom', ...custom });
  }

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="sr-only">{copy.legend}</legend>
        <div className="flex flex-wrap gap-2">
          {presetDays.map((days) => (
            <label key={days} className={pill}>
              <input
                type="radio"
                name="period"
                className="sr-only"
                checked={!customOpen && period.kind === 'preset' && period.days === days}
                onChange={() => {
                  setCustomOpen(false);
                  setProblem(null);
                  onChange({ kind: 'preset', days });
                }}
              />
              {copy.presets[days]}
            </label>
          ))}
          <label className={pill}>
            <input type="radio" name="period" className="sr-only" checked={customOpen} onChange={() => setCustomOpen(true)} />
            {copy.custom}
          </label>
        </div>
      </fieldset>
      {customOpen && (
        <form noValidate onSubmit={applyCustom} aria-label={copy.custom} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="period-from" className="text-sm font-semibold text-ink">{copy.from}</label>
            <input id="period-from" name="from" type="date" max={today} defaultValue={range.from} aria-invalid={problem === 'badFrom' || problem === 'future' || undefined} aria-describedby="period-problem" className={`mt-1 ${inputClass}`} />
          </div>
          <div>
            <label htmlFor="period-to" className="text-sm font-semibold text-ink">{copy.to}</label>
            <input id="period-to" name="to" type="date" defaultValue={range.to} aria-invalid={problem === 'badTo' || problem === 'reversed' || undefined} aria-describedby="period-problem" className={`mt-1 ${inputClass}`} />
          </div>
          <button type="submit" className={secondaryButton}>{copy.apply}</button>
          <p id="period-problem" role="alert" className="w-full text-sm font-semibold text-support live-region">
            {problem && copy.problems[problem]}
          </p>
        </form>
      )}
      <p className="text-sm text-muted">{copy.showing(formatDay(range.from, true), formatDay(range.to, true), timeZone)}</p>
    </div>
  );
}
