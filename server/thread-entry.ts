/**
 * A storage thread's TypeScript entry as one plain ES module, so that the thread loads it as Node
 * loads any module. Through tsx, each thread first loaded tsx and started its loader (a thread of
 * its own), about 0.25 s of CPU per thread and two threads per server, in every server process,
 * test and command that opens the database.
 *
 * The bundle is built with esbuild (which tsx itself runs on) into `node_modules/.cache/`, named by
 * a hash of every source file it holds, and reused while none of them changed: the first start
 * after an edit builds it again. Its name holds a hash of the entry's path too, so two checkouts that
 * share one `node_modules` (a git worktree with a linked one) never load each other's bundle. Packages stay imports (`better-sqlite3` resolves from there as it
 * does from the sources). When the bundle cannot be built or written (a read-only install), the
 * thread loads the TypeScript entry through tsx as before.
 *
 * The server processes and commands the tests start use it too (server/test/server-entry.ts):
 * `server/main.ts` through tsx took about 2.0 s of CPU to start, its bundle 1.05 s, and a test run
 * starts dozens. So does the results e-mail's render thread (server/mail/renderer.ts).
 *
 * Each source's `import.meta` names its own file, and an inline source map names its lines, so a
 * bundle finds files beside its sources and its stack traces read as the sources' (under
 * `--enable-source-maps`, as through tsx).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cacheDir = fileURLToPath(new URL('../node_modules/.cache/core-drivers-threads/', import.meta.url));

/** What the last build of an entry read: its source files, and the bundle their contents give. */
type Manifest = { files: string[]; bundle: string };

const built = new Map<string, Promise<URL>>();

/** The module a thread loads for `entry`: its bundle when there is one, else `entry` itself (worker-bootstrap.mjs loads it through tsx). */
export function threadEntry(entry: URL): Promise<URL> {
  let module = built.get(entry.href);
  if (!module) {
    module = bundleEntry(entry).catch(() => entry);
    built.set(entry.href, module);
  }
  return module;
}

/** Changed when a bundle of the same sources would come out differently (2: each source's `import.meta` is its own, and a source map). */
const bundleFormat = '2';

const hashOf = (contents: string[]) => contents.reduce((hash, text) => hash.update(text).update('\0'), createHash('sha256')).digest('hex').slice(0, 16);

/** The bundle of `entry`, built unless the cached one's sources are all unchanged. */
export async function bundleEntry(entry: URL): Promise<URL> {
  const name = `${basename(entry.pathname, '.ts')}-${hashOf([fileURLToPath(entry), bundleFormat]).slice(0, 8)}`;
  const manifestFile = join(cacheDir, `${name}.json`);
  const current = readManifest(manifestFile, name);
  if (current) return pathToFileURL(current);

  // The plugin reads each source itself, so the name is the hash of exactly what was bundled.
  const { build } = await import('esbuild');
  const files: string[] = [];
  const contents: string[] = [];
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    // JSX as tsconfig.json's "react-jsx" compiles it (the results e-mail).
    jsx: 'automatic',
    // Where each line came from, for a stack trace under `--enable-source-maps` (as tsx gives it):
    // the sources' paths relative to the bundle's folder.
    sourcemap: 'inline',
    sourcesContent: false,
    outdir: cacheDir,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'hashed-sources',
        setup(plugins) {
          plugins.onLoad({ filter: /.*/ }, ({ path }) => {
            // Anything else would be bundled unhashed, and outlive its edits.
            if (!/\.tsx?$/.test(path)) throw new Error(`A thread's bundle holds TypeScript sources only, not ${basename(path)}.`);
            const text = readFileSync(path, 'utf8');
            files.push(path);
            contents.push(text);
            return { contents: withOwnLocation(text, path), loader: path.endsWith('.tsx') ? 'tsx' : 'ts' };
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error('esbuild wrote no bundle.');
  const bundle = join(cacheDir, `${name}-${hashOf(contents)}.mjs`);
  mkdirSync(cacheDir, { recursive: true });
  writeAtomically(bundle, code);
  writeAtomically(manifestFile, JSON.stringify({ files, bundle } satisfies Manifest));
  return pathToFileURL(bundle);
}

/**
 * A source's `import.meta.url` (and `dirname`, `filename`) written as its own file's location: in
 * the bundle they would name the bundle's, and a relative `new URL('./worker-bootstrap.mjs',
 * import.meta.url)` (or `../dist/`) would point into the cache instead of beside the source.
 */
function withOwnLocation(text: string, path: string): string {
  return text
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
    .replaceAll('import.meta.filename', JSON.stringify(path));
}

/** The bundle the manifest names, if it exists and its sources still hash to its name. */
function readManifest(file: string, name: string): string | null {
  try {
    const { files, bundle } = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const expected = `${name}-${hashOf(files.map((source) => readFileSync(source, 'utf8')))}.mjs`;
    return basename(bundle) === expected && existsSync(bundle) ? bundle : null;
  } catch {
    return null;
  }
}

/** Several processes may build at once: each writes its own file and renames it into place. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
