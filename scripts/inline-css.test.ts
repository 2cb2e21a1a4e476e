import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { cspHash, inlineStylesheets } from './inline-css';

const page = [
  '<head>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  '</head>',
].join('\n');

test('the stylesheet link becomes a style element with the file’s text; the script stays', () => {
  const { html } = inlineStylesheets(page, (href) => (href === '/assets/index-abc.css' ? 'h1{color:teal}\n' : ''));
  expect(html).toContain('<style>h1{color:teal}</style>');
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
});

test('it reports the CSP hash of exactly the inlined text', () => {
  const { styleHashes } = inlineStylesheets(page, () => 'h1{color:teal}');
  const expected = createHash('sha256').update('h1{color:teal}').digest('base64');
  expect(styleHashes).toEqual([`'sha256-${expected}'`]);
  expect(cspHash('h1{color:teal}')).toBe(`'sha256-${expected}'`);
});

test('a stylesheet that would close the style element early is refused', () => {
  expect(() => inlineStylesheets(page, () => 'a{content:"</style>"}')).toThrow(/<\/style/);
});

test('a stylesheet from another site is refused', () => {
  expect(() => inlineStylesheets('<link rel="stylesheet" href="https://cdn.example/x.css">', () => '')).toThrow(
    /not the site's own/,
  );
});
