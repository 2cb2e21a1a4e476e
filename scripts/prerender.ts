/**
 * Writes the HTML pages the server sends, after `vite build` has built the client and the
 * server-side renderer:
 *   dist/html/landing.html    the landing page, rendered, so its content shows before any script runs
 *   dist/html/not-found.html  the not-found screen, rendered, sent with status 404
 *   dist/html/quiz.html       the quiz's first question, rendered, for the server to send on /quiz
 *   dist/html/results.html    an empty shell that preloads the results chunk, to send on /results
 *   dist/html/profile.html    the same for the private profile page (/profile), marked noindex
 *   dist/html/confirm.html    the same for the double opt-in's confirm page (/confirm), marked noindex
 *   dist/html/coach.html      the coach's dashboard (its own build, vite.coach.config.ts), sent on /coach
 * The preloads save a direct visit one round trip: without them the browser asks for the page's
 * chunk only once the entry script runs.
 * The template leaves dist/client, so the static file server never sends an HTML page by itself.
 * The stylesheet is inlined into every page (see inline-css.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { paths } from '../src/shared/paths';
import { landing } from '../src/content/landing';
import { notFound } from '../src/content/not-found';
import { quizCopy } from '../src/content/quiz';
import { confirmCopy } from '../src/content/profile';
import { resultsCopy } from '../src/content/results';
import { pageTitle } from '../src/content/site';
import { DRIVER_COUNT } from '../src/shared/constants';
import type { Manifest } from './bench/build-info';
import { inlineStylesheets } from './inline-css';
import { modulePreloadLinks } from './preload-links';

type Renderer = {
  render: (url: string) => string;
  renderWithLazyPages: (url: string) => Promise<string>;
};

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const templatePath = `${dist}client/index.html`;
const coachTemplatePath = `${dist}client/coach.html`;
const placeholder = '<!--app-html-->';
const quizSource = 'src/features/quiz/quiz-page.tsx';
const resultsSource = 'src/features/results/results-page.tsx';
const profileSource = 'src/features/profile/profile-page.tsx';
const confirmSource = 'src/features/profile/confirm-page.tsx';
/** The private pages are for one person each: search engines must not keep them (the server also sends X-Robots-Tag). */
const noindex = (html: string) => html.replace('</head>', '  <meta name="robots" content="noindex, nofollow" />\n  </head>');

const readStylesheet = (href: string) => readFileSync(`${dist}client${href}`, 'utf8');
const template = inlineStylesheets(await readFile(templatePath, 'utf8'), readStylesheet);
if (!template.includes(placeholder)) throw new Error(`${templatePath} has no ${placeholder} placeholder.`);

const manifest = JSON.parse(await readFile(`${dist}client/.vite/manifest.json`, 'utf8')) as Manifest;
const preloading = (source: string) =>
  template.replace('</head>', `  ${modulePreloadLinks(manifest, source)}\n  </head>`);

const { render, renderWithLazyPages } = (await import(`${dist}ssr/entry-server.js`)) as Renderer;

// The synchronous renders come first: the async one waits for the quiz chunk before it returns.
// Each page names its screen in the tab before any script runs (the screens keep it up to date).
const titled = (html: string, screen: string) => html.replace(/<title>[^<]*<\/title>/, `<title>${pageTitle(screen)}</title>`);

const pages = {
  'landing.html': titled(template.replace(placeholder, render(paths.home)), landing.headline),
  'not-found.html': titled(template.replace(placeholder, render('/__not-found__')), notFound.title),
  'quiz.html': titled(
    preloading(quizSource).replace(placeholder, await renderWithLazyPages(paths.quiz)),
    quizCopy.questionOf(1, DRIVER_COUNT),
  ),
  'results.html': titled(preloading(resultsSource).replace(placeholder, ''), resultsCopy.profile.title),
  'profile.html': noindex(titled(preloading(profileSource).replace(placeholder, ''), resultsCopy.profile.title)),
  'confirm.html': noindex(titled(preloading(confirmSource).replace(placeholder, ''), confirmCopy.title)),
  'coach.html': inlineStylesheets(await readFile(coachTemplatePath, 'utf8'), readStylesheet),
};

await mkdir(`${dist}html`, { recursive: true });
for (const [name, html] of Object.entries(pages)) {
  // The Content-Security-Policy allows no inline script: a page that needs one must fail the build.
  const inlineScript = /<script\b(?![^>]*\bsrc=)[^>]*>/i.exec(html);
  if (inlineScript) throw new Error(`${name} would contain an inline script: ${inlineScript[0]}`);
  await writeFile(`${dist}html/${name}`, html);
}
await rm(templatePath);
await rm(coachTemplatePath);
await rm(`${dist}ssr`, { recursive: true });
console.log(`prerendered ${Object.keys(pages).join(', ')} into dist/html`);
