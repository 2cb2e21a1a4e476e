/**
 * Where "Show Me the Course" leads: VITE_COURSE_URL, read by the build (the results page) and by the
 * server (the results e-mail and the profile page), or a harmless placeholder when it is unset or not
 * an absolute http(s) address.
 */
export const placeholderCourseUrl = 'https://example.com/core-drivers-course';

export function resolveCourseUrl(configured: unknown): string {
  if (typeof configured !== 'string' || configured.trim() === '') return placeholderCourseUrl;
  try {
    const url = new URL(configured.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : placeholderCourseUrl;
  } catch {
    return placeholderCourseUrl;
  }
}
