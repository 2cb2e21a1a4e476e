import { expect, test } from 'vitest';
import { inlineStylesheets } from './inline-css';

const page = [
  '<head>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
  '</head>',
].join('\n');

test('the stylesheet link becomes a style element with the file’s text; the script stays', () => {
  const html = inlineStylesheets(page, (href) => (href === '/assets/index-abc.css' ? 'h1{color:teal}\n' : ''));
  expect(html).toContain('<style>h1{color:teal}</style>');
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
});

test('a stylesheet that would close the style element early is refused', () => {
  expect(() => inlineStylesheets(page, () => 'a{content:"</style>"}')).toThrow(/<\/style/);
});

test('a stylesheet from another site is refused', () => {
  expect(() => inlineStylesheets('<link rel="stylesheet" href="https://cdn.example/x.css">', () => '')).toThrow(
    /not the site's own/,
  );
});
