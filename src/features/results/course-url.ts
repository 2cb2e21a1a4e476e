/** Where "Show Me the Course" leads on the visitor's pages: the build-time VITE_COURSE_URL (src/shared/course-url.ts). */
import { resolveCourseUrl } from '../../shared/course-url';

export { placeholderCourseUrl, resolveCourseUrl } from '../../shared/course-url';

const configuredCourseUrl: unknown = import.meta.env.VITE_COURSE_URL;

export const courseUrl = resolveCourseUrl(configuredCourseUrl);
