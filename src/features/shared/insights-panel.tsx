import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { resultsCopy } from '../../content/results';
import { useWords } from '../../lib/words';
import type { Rating } from '../../shared/constants';
import { DriverIcon } from './driver-icon';
import { firstStep, type DriverInsight, type Insights } from '../../shared/insights';
import type { ProfileSection } from '../../shared/profile-sections';
import { CareMessage } from './care-message';

const copy = resultsCopy.insights;

/** One tip or strength: the driver's icon, tinted with the rating the list is about (as on its card), its name and text. */
function InsightItem({ item, rating }: { item: DriverInsight; rating: Rating }) {
  return (
    <>
      <h4 className="flex items-center gap-2.5 font-bold text-ink">
        <DriverIcon id={item.id} rating={rating} className="size-7" />
        {item.name}
      </h4>
      <p className="mt-1.5 text-pretty">{item.text}</p>
    </>
  );
}

function ItemList({ items, rating, className = '' }: { items: readonly DriverInsight[]; rating: Rating; className?: string }) {
  return (
    <ul className={`divide-y divide-line border-y border-line ${className}`}>
      {items.map((item) => (
        <li key={item.id} className="py-4 print:break-inside-avoid print:py-2">
          <InsightItem item={item} rating={rating} />
        </li>
      ))}
    </ul>
  );
}

function ListHead({ list, headingRef }: { list: Insights['challenges']; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <>
      <h3 ref={headingRef} tabIndex={-1} className="scroll-mt-6 text-xl font-bold tracking-tight text-teal-dark">
        {list.title}
      </h3>
      <p className="mt-1 text-muted">{list.intro}</p>
    </>
  );
}

/**
 * The tips: one "start here" step first, the others one tap away behind a button that says how many
 * (all of them in a printout). A single tip needs no fold. `startOpen`: unfolded at first (the e-mail's "See all your tips").
 */
function Challenges({ list, headingRef, startOpen }: { list: Insights['challenges']; headingRef: RefObject<HTMLHeadingElement | null>; startOpen: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const othersId = useId();
  const step = firstStep(list.items);
  const words = useWords(copy, 'results.insights');
  return (
    <section className="mt-8 print:mt-4">
      <ListHead list={list} headingRef={headingRef} />
      {step && (
        <>
          <div className="-mx-4 mt-4 bg-sun-soft px-4 py-4 sm:mx-0 sm:rounded-2xl sm:px-5 print:break-inside-avoid">
            <p className="text-sm font-bold tracking-wide text-teal-dark uppercase">{words.challenges.startHere}</p>
            <div className="mt-2">
              <InsightItem item={step.first} rating={1} />
            </div>
          </div>
          {step.others.length > 0 && (
            <>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={othersId}
                onClick={() => setOpen((current) => !current)}
                className="btn-secondary mt-4 w-full px-5 py-2.5 print:hidden"
              >
                {open ? words.challenges.fewerTips : words.challenges.moreTips(step.others.length)}
              </button>
              <div id={othersId} className={open ? 'mt-4' : 'hidden print:mt-2 print:block'}>
                <ItemList items={step.others} rating={1} />
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

function Strengths({ list, headingRef }: { list: Insights['strengths']; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section className="mt-8 print:mt-4">
      <ListHead list={list} headingRef={headingRef} />
      {list.items.length > 0 && <ItemList items={list.items} rating={3} className="mt-4" />}
    </section>
  );
}

type InsightsPanelProps = {
  insights: Insights;
  /** The spec's "Got it! ..." on the results page; the private profile page has its own. */
  title?: string;
  /** The line above the title ("Thanks, Ana."); none where the page greets the visitor already. */
  greeting: string | null;
  /** On the results page the panel replaces the gate that had focus, so it takes it; elsewhere not. */
  focusOnMount?: boolean;
  /** The part a link from the e-mail opened the profile at: scrolled to and focused, the tips unfolded. */
  openAt?: ProfileSection | null;
};

/**
 * The unlocked insights, flat on a phone so the text keeps the screen's full width; a card from
 * 640 px up (flat again in a printout, where a border and shadow only cost room). When many drivers
 * need support, the care line (with the coach's help line) comes first, before any tip.
 */
export function InsightsPanel({ insights, title, greeting, focusOnMount = true, openAt = null }: InsightsPanelProps) {
  // The titles in the coach's words, where they wrote them.
  const words = useWords(copy, 'results.insights');
  const heading = useRef<HTMLHeadingElement>(null);
  const tipsHeading = useRef<HTMLHeadingElement>(null);
  const strengthsHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The heading's scroll margin keeps it clear of the toast at the top of the screen.
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    const target = openAt === 'tips' ? tipsHeading.current : openAt === 'strengths' ? strengthsHeading.current : null;
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [openAt]);

  return (
    <section
      aria-labelledby="insights-title"
      className="sm:rounded-3xl sm:border sm:border-line sm:bg-white sm:p-8 sm:shadow-sm print:border-0 print:p-0 print:shadow-none"
    >
      {greeting !== null && <p className="font-semibold text-teal">{greeting}</p>}
      <h2 id="insights-title" ref={heading} tabIndex={-1} className="mt-1 scroll-mt-36 text-2xl font-bold tracking-tight text-balance text-teal-dark">
        {title ?? words.title}
      </h2>
      {insights.care && <CareMessage text={insights.care} />}
      <Challenges list={insights.challenges} headingRef={tipsHeading} startOpen={openAt === 'tips'} />
      <Strengths list={insights.strengths} headingRef={strengthsHeading} />
      <section className="mt-8">
        <h3 className="text-xl font-bold tracking-tight text-teal-dark">{words.pattern.title}</h3>
        <p className="mt-2 text-pretty">{insights.summary.text}</p>
        {insights.notes.map((note) => (
          <p key={note.id} className="-mx-4 mt-4 bg-sun-soft px-4 py-3 text-pretty sm:mx-0 sm:rounded-2xl">
            {note.text}
          </p>
        ))}
      </section>
    </section>
  );
}
