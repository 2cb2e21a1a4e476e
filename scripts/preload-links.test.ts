import { expect, test } from 'vitest';
import type { Manifest } from './bench/build-info';
import { lazyPageFiles, modulePreloadLinks } from './preload-links';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], css: ['assets/index-a.css'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_drivers-c.js': { file: 'assets/drivers-c.js', imports: ['_react-b.js'] },
  'src/features/quiz/quiz-page.tsx': {
    file: 'assets/quiz-page-d.js',
    isDynamicEntry: true,
    imports: ['index.html', '_drivers-c.js'],
  },
};

test('a lazy page preloads its own chunk and the shared chunks the entry does not already load', () => {
  expect(lazyPageFiles(manifest, 'src/features/quiz/quiz-page.tsx')).toEqual([
    'assets/drivers-c.js',
    'assets/quiz-page-d.js',
  ]);
  expect(modulePreloadLinks(manifest, 'src/features/quiz/quiz-page.tsx')).toBe(
    '<link rel="modulepreload" crossorigin href="/assets/drivers-c.js">\n    ' +
      '<link rel="modulepreload" crossorigin href="/assets/quiz-page-d.js">',
  );
});

test('a page missing from the build is an error, not a silent empty shell', () => {
  expect(() => lazyPageFiles(manifest, 'src/features/results/results-page.tsx')).toThrow(/no chunk/);
});
