import type { ChangeSummary } from '../../shared/profile-changes';

/** "What changed since last time": one line per driver whose rating moved, then how many stayed. */
export function ChangesPanel({ summary }: { summary: ChangeSummary }) {
  return (
    <section aria-labelledby="changes-title" className="mb-8 rounded-3xl border border-line bg-white p-5 sm:p-8 print:mb-4 print:border-0 print:p-0">
      <h2 id="changes-title" className="text-xl font-bold tracking-tight text-teal-dark sm:text-2xl">
        {summary.title}
      </h2>
      <p className="mt-1 text-muted">{summary.intro}</p>
      {summary.lines.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5">
          {summary.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="mt-3">{summary.closing}</p>
    </section>
  );
}
