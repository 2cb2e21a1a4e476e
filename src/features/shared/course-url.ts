/**
 * Where "Show Me the Course" leads unless the coach sets their course link in the dashboard (which
 * the page gets with its settings, src/shared/site-config.ts): the build-time setting VITE_COURSE_URL
 * (read once, at build; src/shared/course-url.ts, which the server reads too, for the e-mail).
 */
import { resolveCourseUrl } from '../../shared/course-url';

export { placeholderCourseUrl, resolveCourseUrl } from '../../shared/course-url';

const configuredCourseUrl: unknown = import.meta.env.VITE_COURSE_URL;

export const courseUrl = resolveCourseUrl(configuredCourseUrl);
