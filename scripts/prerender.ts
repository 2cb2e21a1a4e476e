/**
 * Writes the HTML pages, after `vite build` has built the client and the server-side renderer:
 *   dist/html/templates/*.html  one template per visitor page, with an <!--app-html--> slot: the
 *                               server renders each page into it with the coach's live settings
 *                               (server/pages/site-pages.ts), using dist/ssr/entry-server.js
 *   dist/html/landing.html    the landing page, rendered with the default settings, so its content
 *                             shows before any script runs (these four are for hosting the site
 *                             without the server; the server renders its own from the templates)
 *   dist/html/not-found.html  the not-found screen, rendered, sent with status 404
 *   dist/html/quiz.html       the quiz's first question, rendered
 *   dist/html/results.html    an empty shell that preloads the results chunk, with the product's name
 *                             and a spinner as a first paint, shown until the app renders
 *   dist/html/profile.html    the same for the private profile page (/profile), marked noindex, with
 *                             its opening screen as a first paint, shown until the app renders
 *   dist/html/confirm.html    the same for the double opt-in's confirm page (/confirm), marked noindex,
 *                             with its title and a spinner as a first paint
 *   dist/html/coach.html      the coach's dashboard (its own build, vite.coach.config.ts), sent on /coach
 * The preloads save a direct visit one round trip: without them the browser asks for the page's
 * chunk only once the entry script runs.
 * The template leaves dist/client, so the static file server never sends an HTML page by itself.
 * The stylesheet is inlined into every page (see inline-css.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { landing } from '../src/content/landing';
import { notFound } from '../src/content/not-found';
import { quizCopy } from '../src/content/quiz';
import { confirmCopy } from '../src/content/profile';
import { resultsCopy } from '../src/content/results';
import { pageTitle } from '../src/content/site';
import { ConfirmFirstPaint } from '../src/features/profile/confirm-first-paint';
import { OpeningFirstPaint } from '../src/features/profile/opening-screen';
import { ResultsFirstPaint } from '../src/features/results/first-paint';
import { DRIVER_COUNT } from '../src/shared/constants';
import { defaultSiteConfig } from '../src/shared/site-config';
import { PAGE_SLOT, type PageName, type PageTemplates, importRenderer, renderPages, templateFile } from '../server/pages/site-pages';
import type { Manifest } from './bench/build-info';
import { inlineStylesheets } from './inline-css';
import { modulePreloadLinks } from './preload-links';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const templatePath = `${dist}client/index.html`;
const coachTemplatePath = `${dist}client/coach.html`;
const quizSource = 'src/features/quiz/quiz-page.tsx';
const resultsSource = 'src/features/results/results-page.tsx';
const profileSource = 'src/features/profile/profile-page.tsx';
const confirmSource = 'src/features/profile/confirm-page.tsx';
/** The private pages are for one person each: search engines must not keep them (the server also sends X-Robots-Tag). */
const noindex = (html: string) => html.replace('</head>', '  <meta name="robots" content="noindex, nofollow" />\n  </head>');

const readStylesheet = (href: string) => readFileSync(`${dist}client${href}`, 'utf8');
const template = inlineStylesheets(await readFile(templatePath, 'utf8'), readStylesheet);
if (!template.includes(PAGE_SLOT)) throw new Error(`${templatePath} has no ${PAGE_SLOT} placeholder.`);

const manifest = JSON.parse(await readFile(`${dist}client/.vite/manifest.json`, 'utf8')) as Manifest;
const preloading = (source: string) => template.replace('</head>', `  ${modulePreloadLinks(manifest, source)}\n  </head>`);

/**
 * What a page the browser renders shows before its script runs, after the (empty) root: the
 * stylesheet hides it as soon as the app renders into the root (src/styles.css), and the page takes
 * it out when it mounts (src/lib/first-paint.ts).
 */
const withFirstPaint = (html: string, firstPaint: FunctionComponent) =>
  html.replace('</body>', `  <div data-first-paint>${renderToStaticMarkup(createElement(firstPaint))}</div>\n  </body>`);

// Each page names its screen in the tab before any script runs (the screens keep it up to date).
const titled = (html: string, screen: string) => html.replace(/<title>[^<]*<\/title>/, `<title>${pageTitle(screen)}</title>`);

const templates: PageTemplates = {
  landing: titled(template, landing.headline),
  'not-found': titled(template, notFound.title),
  quiz: titled(preloading(quizSource), quizCopy.questionOf(1, DRIVER_COUNT)),
  results: titled(withFirstPaint(preloading(resultsSource), ResultsFirstPaint), resultsCopy.profile.title),
  profile: noindex(titled(withFirstPaint(preloading(profileSource), OpeningFirstPaint), resultsCopy.profile.title)),
  confirm: noindex(titled(withFirstPaint(preloading(confirmSource), ConfirmFirstPaint), confirmCopy.title)),
};

/** The Content-Security-Policy allows no inline script: a page that needs one must fail the build. */
function refuseInlineScript(name: string, html: string): void {
  const inlineScript = /<script\b(?![^>]*\bsrc=)[^>]*>/i.exec(html);
  if (inlineScript) throw new Error(`${name} would contain an inline script: ${inlineScript[0]}`);
}

await mkdir(`${dist}html/templates`, { recursive: true });
for (const [name, html] of Object.entries(templates)) {
  refuseInlineScript(name, html);
  await writeFile(templateFile(dist, name as PageName), html);
}

const renderer = await importRenderer(dist);
const pages = {
  ...(await renderPages(renderer, templates, defaultSiteConfig, { withSettingsBlock: false })),
  coach: inlineStylesheets(await readFile(coachTemplatePath, 'utf8'), readStylesheet),
};
for (const [name, html] of Object.entries(pages)) {
  refuseInlineScript(name, html);
  await writeFile(`${dist}html/${name}.html`, html);
}
await rm(templatePath);
await rm(coachTemplatePath);
console.log(`prerendered ${Object.keys(pages).join(', ')} into dist/html, and their templates into dist/html/templates`);
