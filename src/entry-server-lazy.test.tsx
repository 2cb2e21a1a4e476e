// Its own file: React's async prerender leaves router context behind in jsdom, which would break a
// client hydration test run after it in the same module (the build script renders nothing after it).
import { expect, test } from 'vitest';
import { renderWithLazyPages } from './entry-server';

test('the quiz is prerendered whole, waiting for its lazy chunk, with no inline script', async () => {
  const html = await renderWithLazyPages('/quiz');
  expect(html).toMatch(/<(main|div)\b/);
  expect(html).not.toContain('<script');
});
