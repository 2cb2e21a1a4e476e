import { useEffect, useRef } from 'react';
import { resultsCopy } from '../../content/results';
import type { Insights } from './insights';

const copy = resultsCopy.insights;

function InsightList({ list }: { list: Insights['challenges'] }) {
  return (
    <section className="mt-8">
      <h3 className="text-xl font-bold text-teal-dark">{list.title}</h3>
      <p className="mt-1 text-muted">{list.intro}</p>
      {list.items.length > 0 && (
        <ul className="mt-4 space-y-4">
          {list.items.map((item) => (
            <li key={item.id} className="rounded-2xl bg-paper p-4">
              <p className="font-semibold text-ink">{item.name}</p>
              <p className="mt-1">{item.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The unlocked insights. Takes focus when it appears, since the gate that had it is gone. */
export function InsightsPanel({ insights, firstName }: { insights: Insights; firstName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The heading's scroll margin keeps it clear of the toast at the top of the screen.
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby="insights-title" className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8">
      <p className="font-semibold text-leaf-dark">{copy.greeting(firstName)}</p>
      <h2 id="insights-title" ref={heading} tabIndex={-1} className="mt-1 scroll-mt-36 text-2xl font-bold text-balance text-teal-dark">
        {copy.title}
      </h2>
      <InsightList list={insights.challenges} />
      <InsightList list={insights.strengths} />
      <section className="mt-8">
        <h3 className="text-xl font-bold text-teal-dark">{copy.pattern.title}</h3>
        <p className="mt-2">{insights.summary.text}</p>
        {insights.notes.map((note) => (
          <p key={note.id} className="mt-4 rounded-2xl bg-sun-soft p-4">
            {note.text}
          </p>
        ))}
        {insights.care && <p className="mt-4 rounded-2xl border-2 border-teal-soft bg-white p-4 font-medium">{insights.care}</p>}
      </section>
    </section>
  );
}
