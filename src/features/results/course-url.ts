/**
 * Where "Show Me the Course" leads unless the coach sets their course link in the dashboard (which
 * the page gets with its settings, src/shared/site-config.ts): the build-time setting VITE_COURSE_URL
 * (read once, at build), or a harmless placeholder when it is unset or not an absolute http(s) address.
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

const configuredCourseUrl: unknown = import.meta.env.VITE_COURSE_URL;

export const courseUrl = resolveCourseUrl(configuredCourseUrl);
