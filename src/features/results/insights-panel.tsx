import { useEffect, useRef } from 'react';
import { resultsCopy } from '../../content/results';
import { useWords } from '../../lib/words';
import type { Rating } from '../../shared/constants';
import { DriverIcon } from '../shared/driver-icon';
import type { Insights } from '../../shared/insights';
import { CareMessage } from './care-message';


/** A list of tips or strengths; each driver's icon is tinted with the rating the list is about, as on its card. */
function InsightList({ list, rating }: { list: Insights['challenges']; rating: Rating }) {
  return (
    <section className="mt-8 print:mt-4">
      <h3 className="text-xl font-bold tracking-tight text-teal-dark">{list.title}</h3>
      <p className="mt-1 text-muted">{list.intro}</p>
      {list.items.length > 0 && (
        <ul className="mt-4 divide-y divide-line border-y border-line">
          {list.items.map((item) => (
            <li key={item.id} className="py-4 print:break-inside-avoid print:py-2">
              <h4 className="flex items-center gap-2.5 font-bold text-ink">
                <DriverIcon id={item.id} rating={rating} className="size-7" />
                {item.name}
              </h4>
              <p className="mt-1.5 text-pretty">{item.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type InsightsPanelProps = {
  insights: Insights;
  /** The line above the title ("Thanks, Ana."); none where the page greets the visitor already. */
  greeting: string | null;
  /** On the results page the panel replaces the gate that had focus, so it takes it; elsewhere not. */
  focusOnMount?: boolean;
};

/**
 * The unlocked insights, flat on a phone so the text keeps the screen's full width; a card from
 * 640 px up (flat again in a printout, where a border and shadow only cost room).
 */
export function InsightsPanel({ insights, greeting, focusOnMount = true }: InsightsPanelProps) {
  const copy = useWords(resultsCopy.insights, 'results.insights');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The heading's scroll margin keeps it clear of the toast at the top of the screen.
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  return (
    <section
      aria-labelledby="insights-title"
      className="sm:rounded-3xl sm:border sm:border-line sm:bg-white sm:p-8 sm:shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      {greeting !== null && <p className="font-semibold text-leaf-dark">{greeting}</p>}
      <h2 id="insights-title" ref={heading} tabIndex={-1} className="mt-1 scroll-mt-36 text-2xl font-bold tracking-tight text-balance text-teal-dark">
        {copy.title}
      </h2>
      <InsightList list={insights.challenges} rating={1} />
      <InsightList list={insights.strengths} rating={3} />
      <section className="mt-8">
        <h3 className="text-xl font-bold tracking-tight text-teal-dark">{copy.pattern.title}</h3>
        <p className="mt-2 text-pretty">{insights.summary.text}</p>
        {insights.notes.map((note) => (
          <p key={note.id} className="-mx-4 mt-4 bg-sun-soft px-4 py-3 text-pretty sm:mx-0 sm:rounded-2xl">
            {note.text}
          </p>
        ))}
        {insights.care && <CareMessage text={insights.care} />}
      </section>
    </section>
  );
}
