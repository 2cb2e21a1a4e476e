import { expect, test } from 'vitest';
import { placeholderCourseUrl, resolveCourseUrl } from './course-url';

test.each([
  ['unset', undefined, placeholderCourseUrl],
  ['empty', '', placeholderCourseUrl],
  ['blank', '   ', placeholderCourseUrl],
  ['not a URL', 'my course', placeholderCourseUrl],
  ['a script URL', 'javascript:alert(1)', placeholderCourseUrl],
  ['a relative path', '/course', placeholderCourseUrl],
  ['an https address', 'https://coach.example.org/course?ref=quiz', 'https://coach.example.org/course?ref=quiz'],
  ['an http address with spaces around', '  http://coach.example.org/  ', 'http://coach.example.org/'],
])('a course URL that is %s (%j) gives %s', (_case, configured, expected) => {
  expect(resolveCourseUrl(configured)).toBe(expected);
});
