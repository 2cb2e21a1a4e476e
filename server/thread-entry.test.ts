import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { tempDir } from './test/helpers';
import { bundleEntry, threadEntry } from './thread-entry';

test('a thread entry is bundled into one plain module, reused while its sources are unchanged and built again after an edit', async () => {
  const dir = tempDir();
  const entry = pathToFileURL(join(dir, `entry-${Date.now()}.ts`));
  writeFileSync(join(dir, 'answer.ts'), 'export const answer: number = 1;\n');
  writeFileSync(entry, "import { answer } from './answer';\nexport const doubled: number = answer * 2;\n");

  const first = await bundleEntry(entry);
  expect(first.pathname).toMatch(/\/node_modules\/\.cache\/core-drivers-threads\/entry-\d+-[0-9a-f]{8}-[0-9a-f]{16}\.mjs$/);
  expect(((await import(first.href)) as { doubled: number }).doubled).toBe(2);
  expect((await bundleEntry(entry)).href).toBe(first.href);

  // An edit to an imported file, not the entry, gives a new bundle with the new code.
  writeFileSync(join(dir, 'answer.ts'), 'export const answer: number = 21;\n');
  const second = await bundleEntry(entry);
  expect(second.href).not.toBe(first.href);
  expect(((await import(second.href)) as { doubled: number }).doubled).toBe(42);

  removeBundles(first);
});

test('the same entry in another checkout (sharing node_modules) gets its own bundle, with its own code', async () => {
  const checkout = (answer: number) =>
    bundleFiles(tempDir(), { 'thread.ts': "import { answer } from './answer';\nexport const doubled: number = answer * 2;\n", 'answer.ts': `export const answer: number = ${answer};\n` });
  const here = await checkout(1);
  const there = await checkout(5);
  expect(there.href).not.toBe(here.href);
  expect(((await import(here.href)) as { doubled: number }).doubled).toBe(2);
  expect(((await import(there.href)) as { doubled: number }).doubled).toBe(10);
  removeBundles(here);
  removeBundles(there);
});

test("a bundled source's import.meta names its own file, so a URL relative to it points beside the source, not into the cache", async () => {
  const dir = tempDir();
  const bundle = await bundleFiles(dir, {
    [`located-${Date.now()}.ts`]: "export { beside, folder } from './where';\n",
    'where.ts': "export const beside: string = new URL('./beside.txt', import.meta.url).href;\nexport const folder: string = import.meta.dirname;\n",
  });
  expect(await import(bundle.href)).toMatchObject({ beside: pathToFileURL(join(dir, 'beside.txt')).href, folder: dir });
  removeBundles(bundle);
});

test('JSX sources are bundled too (the results e-mail is .tsx)', async () => {
  const bundle = await bundleFiles(tempDir(), {
    [`jsx-${Date.now()}.ts`]: "export { greeting } from './greeting';\n",
    'greeting.tsx': 'export const greeting = <p title="hi">Hello</p>;\n',
  });
  expect(((await import(bundle.href)) as { greeting: { props: unknown } }).greeting.props).toEqual({ title: 'hi', children: 'Hello' });
  removeBundles(bundle);
});

test('an entry that cannot be bundled is loaded as it is (through tsx)', async () => {
  const entry = pathToFileURL(join(tempDir(), 'broken.ts'));
  writeFileSync(entry, "import { missing } from './nowhere';\nexport const value = missing;\n");
  expect((await threadEntry(entry)).href).toBe(entry.href);
});

/** Writes `files` (name → text) into `dir` and bundles the first one, the entry. */
async function bundleFiles(dir: string, files: Record<string, string>): Promise<URL> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return bundleEntry(pathToFileURL(join(dir, Object.keys(files)[0] as string)));
}

/** Removes a test's bundle and its manifest from the shared cache. */
function removeBundles(bundle: URL): void {
  const cache = dirname(bundle.pathname);
  const name = basename(bundle.pathname, '.mjs').replace(/-[0-9a-f]{16}$/, '');
  for (const file of readdirSync(cache)) if (file.startsWith(`${name}-`) || file === `${name}.json`) rmSync(join(cache, file));
}
