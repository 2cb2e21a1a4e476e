import { resultsCopy } from '../../content/results';
import { reportFunnelStep } from '../../lib/funnel';
import { useSiteConfig } from '../../lib/site-config';
import { useWords } from '../../lib/words';
import type { CourseDetails } from '../../shared/site-config';
import { CoachPhoto } from '../shared/coach-photo';
import { courseUrl } from './course-url';

const ourCopy = resultsCopy.course;

/** The coach's details that are set, in the order a buyer asks: how long, how much, what for. */
function detailsOf(course: CourseDetails): { label: string; value: string }[] {
  const rows: { label: string; value: string | null }[] = [
    { label: ourCopy.details.length, value: course.length },
    { label: ourCopy.details.price, value: course.price },
    { label: ourCopy.details.outcome, value: course.outcome },
  ];
  return rows.filter((row): row is { label: string; value: string } => row.value !== null);
}

/**
 * "Now what?": the coach's face and name, their pitch for the mini-course (ours until they write
 * one), the course's length, price and outcome when given, and a link that opens the course in a new
 * tab: the coach's link, or the build-time VITE_COURSE_URL.
 */
export function CourseCta() {
  const { coach, course } = useSiteConfig();
  const copy = useWords(ourCopy, 'results.course');
  const pitch = (course.pitch ?? copy.pitch).split(/\n{2,}/);
  const details = detailsOf(course);
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
        href={course.url ?? courseUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => reportFunnelStep('course_click')}
        className="mt-6 inline-flex min-h-12 items-center justify-center rounded-full bg-sun px-7 py-3 text-lg font-semibold text-teal-dark shadow-sm transition-colors hover:bg-sun-soft focus-visible:outline-sun"
      >
        {copy.button}
        <span className="sr-only"> {copy.newTabHint}</span>
      </a>
    </section>
  );
}
