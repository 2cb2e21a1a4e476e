import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { makeTempDir } from '../server/test/temp-dirs';
import { precompress, shouldCompress } from './precompress';

test.each([
  ['assets/index-abc.js', 50_000, true],
  ['assets/index-abc.css', 12_000, true],
  ['favicon.svg', 600, true],
  ['robots.txt', 40, false],
  ['assets/photo-abc.png', 50_000, false],
  ['.vite/manifest.json', 5_000, false],
])('%s of %i bytes is compressed: %s', (path, size, expected) => {
  expect(shouldCompress(path, size)).toBe(expected);
});

test('each script gets brotli and gzip copies that decompress to the original', async () => {
  const root = makeTempDir('precompress-');
  mkdirSync(join(root, 'assets'));
  const script = 'export const answer = "the same line, again and again";\n'.repeat(200);
  writeFileSync(join(root, 'assets', 'index-abc.js'), script);
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');

  expect(await precompress(root)).toBe(2);
  expect(brotliDecompressSync(readFileSync(join(root, 'assets', 'index-abc.js.br'))).toString()).toBe(script);
  expect(gunzipSync(readFileSync(join(root, 'assets', 'index-abc.js.gz'))).toString()).toBe(script);
  expect(readFileSync(join(root, 'assets', 'index-abc.js.br')).length).toBeLessThan(script.length / 10);
  expect(existsSync(join(root, 'robots.txt.br'))).toBe(false);
});
