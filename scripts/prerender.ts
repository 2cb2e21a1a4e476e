/**
 * Writes the HTML pages the server sends, after `vite build` has built the client and the
 * server-side renderer:
 *   dist/html/landing.html    the landing page, rendered, so its content shows before any script runs
 *   dist/html/not-found.html  the not-found screen, rendered, sent with status 404
 *   dist/html/app.html        an empty shell for the screens that render in the browser (quiz, results),
 *                             which preloads the quiz chunk (a direct visit to /quiz needs it at once)
 * The template leaves dist/client, so the static file server never sends an HTML page by itself.
 * The stylesheet is inlined into every page (see inline-css.ts); dist/html/style-hashes.json lists the
 * CSP hashes that allow exactly those inline styles.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Manifest } from './bench/build-info';
import { inlineStylesheets } from './inline-css';
import { modulePreloadLinks } from './preload-links';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const templatePath = `${dist}client/index.html`;
const placeholder = '<!--app-html-->';

const { html: template, styleHashes } = inlineStylesheets(await readFile(templatePath, 'utf8'), (href) =>
  readFileSync(`${dist}client${href}`, 'utf8'),
);
if (!template.includes(placeholder)) throw new Error(`${templatePath} has no ${placeholder} placeholder.`);

const manifest = JSON.parse(await readFile(`${dist}client/.vite/manifest.json`, 'utf8')) as Manifest;
const appShell = template
  .replace('</head>', `  ${modulePreloadLinks(manifest, 'src/features/quiz/quiz-page.tsx')}\n  </head>`)
  .replace(placeholder, '');

const { render } = (await import(`${dist}ssr/entry-server.js`)) as { render: (url: string) => string };

const pages = {
  'landing.html': render('/'),
  'not-found.html': render('/__not-found__'),
};

await mkdir(`${dist}html`, { recursive: true });
for (const [name, html] of Object.entries(pages)) {
  await writeFile(`${dist}html/${name}`, template.replace(placeholder, html));
}
await writeFile(`${dist}html/app.html`, appShell);
await writeFile(`${dist}html/style-hashes.json`, `${JSON.stringify(styleHashes)}\n`);
await rm(templatePath);
await rm(`${dist}ssr`, { recursive: true });
console.log(`prerendered ${Object.keys(pages).join(', ')} and wrote app.html into dist/html`);
