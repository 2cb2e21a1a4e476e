import { resultsCopy } from '../../content/results';
import { reportFunnelStep } from '../../lib/funnel';
import { courseUrl } from './course-url';

const copy = resultsCopy.course;

/** "Now what?": the mini-course pitch and a link that opens the course in a new tab. */
export function CourseCta() {
  return (
    <section aria-labelledby="course-title" className="mt-8 rounded-3xl bg-teal-dark p-6 text-white sm:p-8 print:hidden">
      <h2 id="course-title" className="text-2xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-2 text-pretty">{copy.pitch}</p>
      <a
        href={courseUrl}
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
