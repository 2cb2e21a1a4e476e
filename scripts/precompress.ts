/**
 * Writes `file.br` and `file.gz` next to every compressible file the static server sends from
 * dist/client, so @fastify/static (`preCompressed: true`) serves them as they are instead of
 * compressing per request, and at the strongest settings (brotli quality 11, gzip level 9).
 * The last build step: `npm run build` runs it after prerendering.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images and fonts are compressed by their own format. */
const compressibleExtensions = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'];
/** Below this a compressed copy saves less than the headers it adds. */
const minimumBytes = 256;

export type CompressedCopy = { encoding: 'br' | 'gz'; bytes: Buffer };

export function shouldCompress(path: string, size: number): boolean {
  // Dot folders (.vite: the manifest) are never sent, so their copies would be dead weight.
  if (path.split(/[\\/]/).some((part) => part.startsWith('.'))) return false;
  return size >= minimumBytes && compressibleExtensions.some((extension) => path.endsWith(extension));
}

/** The brotli and gzip copies of a file, each kept only when smaller than the file itself. */
export function compressedCopies(content: Buffer): CompressedCopy[] {
  const copies: CompressedCopy[] = [
    {
      encoding: 'br',
      bytes: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    },
    { encoding: 'gz', bytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }) },
  ];
  return copies.filter((copy) => copy.bytes.length < content.length);
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every eligible file under `root`; returns how many copies it wrote. */
export async function precompress(root: string): Promise<number> {
  let written = 0;
  for await (const path of filesUnder(root)) {
    if (!shouldCompress(relative(root, path), (await stat(path)).size)) continue;
    for (const copy of compressedCopies(await readFile(path))) {
      await writeFile(`${path}.${copy.encoding}`, copy.bytes);
      written += 1;
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../dist/client/', import.meta.url));
  console.log(`precompressed: wrote ${await precompress(root)} .br/.gz files into dist/client`);
}
