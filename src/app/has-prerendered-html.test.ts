import { expect, test } from 'vitest';
import { hasPrerenderedHtml } from './has-prerendered-html';

test.each([
  ['the dev server placeholder comment', '<!--app-html-->', false],
  ['white space around the placeholder', '\n  <!--app-html-->\n', false],
  ['nothing', '', false],
  ['a prerendered page', '<main><h1>Discover Your Core Drivers</h1></main>', true],
  ['a prerendered page after a comment', '<!-- x --><main></main>', true],
])('%s: hydrate is %s', (_case, html, expected) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  expect(hasPrerenderedHtml(container)).toBe(expected);
});
