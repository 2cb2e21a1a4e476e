/**
 * `<link rel="modulepreload">` tags for lazy pages, for the HTML shell of the screens that render in
 * the browser. Without them a direct visit to /quiz waits for the entry script to run before it
 * even asks for the quiz chunk: one more round trip (about 0.6 s on a slow phone connection).
 */
import { entryClosure, type Manifest } from './bench/build-info';

/** Files a lazy page needs beyond the entry chunk (which the page loads anyway), in load order. */
export function lazyPageFiles(manifest: Manifest, source: string): string[] {
  const page = manifest[source];
  if (!page) throw new Error(`The build manifest has no chunk for ${source}.`);
  const loadedByEntry = entryClosure(manifest);
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loadedByEntry.has(chunk.file) || files.includes(chunk.file)) return;
    chunk.imports?.forEach(visit);
    files.push(chunk.file);
  };
  visit(source);
  return files;
}

export function modulePreloadLinks(manifest: Manifest, source: string): string {
  return lazyPageFiles(manifest, source)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}
