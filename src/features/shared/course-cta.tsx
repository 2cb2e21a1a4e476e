import { resultsCopy } from '../../content/results';
import { reportFunnelStep } from '../../lib/funnel';
import { useSiteConfig } from '../../lib/site-config';
import { useWords } from '../../lib/words';
import type { Rating } from '../../shared/constants';
import { DEFAULT_OFFER_ID, type Offer, patternOf, pickOffer } from '../../shared/offer-pick';
import type { CourseDetails } from '../../shared/site-config';
import { reportOfferEvent } from '../../lib/offer-beacon';
import { useEffect } from 'react';
import { CoachPhoto } from './coach-photo';
import { courseUrl } from './course-url';

const ourCopy = resultsCopy.course;

/** The coach's details that are set, in the order a buyer asks: how long, how much, what for. */
function detailsOf(course: Pick<CourseDetails, 'length' | 'price' | 'outcome'>): { label: string; value: string }[] {
  const rows: { label: string; value: string | null }[] = [
    { label: ourCopy.details.length, value: course.length },
    { label: ourCopy.details.price, value: course.price },
    { label: ourCopy.details.outcome, value: course.outcome },
  ];
  return rows.filter((row): row is { label: string; value: string } => row.value !== null);
}

/**
 * "Now what?": the coach's face and name, then the offer that fits the visitor's ratings (the first
 * of the coach's offers whose rule fits, src/shared/offer-pick.ts), else the default offer: their
 * course, with its pitch (ours until they write one), length, price and outcome when given, and a
 * link that opens it in a new tab (the coach's link, or the build-time VITE_COURSE_URL). Seeing it
 * and pressing its button are counted per offer and pattern.
 */
export function CourseCta({ ratings }: { ratings: readonly Rating[] }) {
  const { coach, course, offers } = useSiteConfig();
  const copy = useWords(ourCopy, 'results.course');
  const offer: Offer | null = pickOffer(offers, ratings);
  const shown = offer ?? { id: DEFAULT_OFFER_ID, title: null, url: course.url ?? courseUrl, pitch: course.pitch ?? copy.pitch, length: course.length, price: course.price, outcome: course.outcome, button: null };
  const pattern = patternOf(ratings);
  useEffect(() => reportOfferEvent({ kind: 'seen', offer: shown.id, pattern }), [shown.id, pattern]);
  const pitch = shown.pitch.split(/\n{2,}/);
  const details = detailsOf(shown);
  return (
    <section aria-labelledby="course-title" className="mt-8 rounded-3xl bg-teal-dark p-6 text-white sm:p-8 print:hidden">
      <h2 id="course-title" className="text-2xl font-bold">
        {copy.title}
      </h2>
      {coach.name !== null && (
        <div className="mt-4 flex items-center gap-3">
          {coach.photo && <CoachPhoto photo={coach.photo} className="size-16 ring-2 ring-sun" />}
          <p className="min-w-0 leading-snug">
            <span className="block text-sm text-sun">{copy.coachLabel}</span>
            <strong className="font-semibold">{coach.name}</strong>
            {coach.intro && <span className="block text-sm text-pretty text-white/90">{coach.intro}</span>}
          </p>
        </div>
      )}
      {shown.title !== null && <h3 className="mt-4 text-xl font-bold text-balance text-sun">{shown.title}</h3>}
      <div className="mt-4 space-y-3">
        {pitch.map((paragraph, index) => (
          <p key={index} className="text-pretty whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      {details.length > 0 && (
        <dl className="mt-5 grid gap-3 rounded-2xl bg-white/10 p-4 sm:grid-cols-[auto_1fr] sm:items-baseline sm:gap-x-6 sm:gap-y-2">
          {details.map((detail) => (
            <div key={detail.label} className="sm:contents">
              <dt className="text-sm font-semibold text-sun">{detail.label}</dt>
              <dd className="text-pretty">{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <a
        href={shown.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => {
          reportFunnelStep('course_click');
          reportOfferEvent({ kind: 'click', offer: shown.id, pattern });
        }}
        className="mt-6 inline-flex min-h-12 items-center justify-center rounded-full bg-sun px-7 py-3 text-lg font-semibold text-teal-dark shadow-sm transition-colors hover:bg-sun-soft focus-visible:outline-sun"
      >
        {shown.button ?? copy.button}
        <span className="sr-only"> {copy.newTabHint}</span>
      </a>
    </section>
  );
}
