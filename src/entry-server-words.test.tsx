// Its own file, as entry-server-lazy.test.tsx: React's async prerender leaves router context behind in jsdom.
import { expect, test } from 'vitest';
import { landing } from './content/landing';
import { render, renderWithLazyPages } from './entry-server';
import { defaultSiteConfig } from './shared/site-config';

test('the landing page shows the coach’s words as plain text, and ours where they wrote none', () => {
  const html = render('/', { ...defaultSiteConfig, words: { 'landing.headline': '<b>Find</b> your drivers', 'landing.why.paragraphs.1': 'Your tools are there.' } });
  expect(html).toContain('&lt;b&gt;Find&lt;/b&gt; your drivers</h1>');
  expect(html).not.toContain('<b>Find');
  expect(html).toContain('<p>Your tools are there.</p>');
  expect(html).toContain(landing.why.paragraphs[0]);
  expect(html).not.toContain(landing.why.paragraphs[1]);
  expect(html).toContain(landing.subHeadline);
});

test('with no words, or none for a page, every page renders exactly as with our texts alone', async () => {
  for (const url of ['/', '/__not-found__']) {
    expect(render(url, { ...defaultSiteConfig, words: {} })).toBe(render(url, defaultSiteConfig));
    expect(render(url, { ...defaultSiteConfig, words: { 'email.subject': 'Hi' } })).toBe(render(url, defaultSiteConfig));
  }
  expect(await renderWithLazyPages('/quiz', { ...defaultSiteConfig, words: {} })).toBe(await renderWithLazyPages('/quiz', defaultSiteConfig));
});

test('a scenario in the coach’s words keeps its first seven words bold', async () => {
  const html = await renderWithLazyPages('/quiz', { ...defaultSiteConfig, words: { 'drivers.1.scenario': 'One two three four five six seven eight nine.', 'drivers.1.description': 'Waiting a beat.' } });
  expect(html).toMatch(/<strong[^>]*>One two three four five six seven<\/strong>/);
  expect(html).toContain('Waiting a beat.');
});
