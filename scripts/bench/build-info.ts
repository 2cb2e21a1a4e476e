/**
 * What the build produced, read from dist/client: Vite's manifest (which chunks each entry and lazy
 * page imports), the chunk-to-module map (chunk-modules.ts) and each file's size, raw and gzip.
 * Gzip sizes are computed here with zlib level 9, never taken from what a server happened to send.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { chunkModulesFile, type ChunkModules } from './chunk-modules';

export const defaultClientDir = fileURLToPath(new URL('../../dist/client/', import.meta.url));

/** The coach's dashboard is built on its own (vite.coach.config.ts): its files and its manifest. */
export const coachAssetsDir = 'assets/coach';
export const coachManifestFile = '.vite/coach-manifest.json';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type Sizes = { raw: number; gzip: number };

export type BuildInfo = {
  clientDir: string;
  manifest: Manifest;
  chunkModules: ChunkModules;
};

function readJson<T>(path: string): T {
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first.`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function readBuild(clientDir = defaultClientDir): BuildInfo {
  return {
    clientDir,
    manifest: readJson<Manifest>(join(clientDir, '.vite', 'manifest.json')),
    chunkModules: readJson<ChunkModules>(join(clientDir, chunkModulesFile)),
  };
}

/** Every file of the coach's dashboard build (scripts, stylesheets), by path inside dist/client. */
export function readCoachFiles(clientDir = defaultClientDir): string[] {
  const manifest = readJson<Manifest>(join(clientDir, coachManifestFile));
  const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
  return [...new Set(files)].sort();
}

export function sizesOf(content: Buffer | string): Sizes {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length };
}

/** Sizes of a built file, by its path inside dist/client ("assets/index-abc.js"). */
export function fileSizes(build: BuildInfo, file: string): Sizes {
  const path = join(build.clientDir, file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Error(`${file} was requested but is not in ${build.clientDir}.`);
  return sizesOf(readFileSync(path));
}

/** The app's entry chunk and every chunk it imports statically: what any page must load first. */
export function entryClosure(manifest: Manifest): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  return files;
}

/** The chunk file a source module was built into, when it is an entry, a lazy page or shared. */
export function chunkOf(manifest: Manifest, source: string): string | undefined {
  return manifest[source]?.file;
}
