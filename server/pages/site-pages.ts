/**
 * The visitor's pages as the server sends them: rendered with the coach's live settings, so the
 * landing page carries "a quiz by ..." in its HTML before any script runs, and the settings block
 * (src/shared/site-config.ts) the browser reads is the one the HTML was rendered with.
 *
 * The build (scripts/prerender.ts) writes one template per page (`dist/html/templates/`: the inlined
 * stylesheet, the title, the preloads, an `<!--app-html-->` slot) and keeps the server-side renderer
 * (`dist/ssr/entry-server.js`). The server renders every page once at start-up and again whenever
 * the settings change (server/settings/service.ts), never per request: a request sends a string.
 * The same function renders the build's own pages with the defaults, for hosting without the server.
 *
 * The server runs the renderer in a thread of its own (./render-thread.mjs, server/on-demand-thread.ts),
 * never on the event loop that answers leads: React's `prerender` (the quiz, rendered once its lazy
 * page has loaded) keeps each render in an AsyncLocalStorage, and on Node 20 and 22 the first
 * `AsyncLocalStorage.run` in a thread turns on promise hooks there for good, which cost every lead
 * after it about a tenth of its CPU.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { paths } from '../../src/shared/paths';
import { siteConfigElement, type SiteConfig } from '../../src/shared/site-config';
import { onDemandThread } from '../on-demand-thread';

export const PAGE_SLOT = '<!--app-html-->';

export const pageNames = ['landing', 'quiz', 'results', 'profile', 'confirm', 'not-found'] as const;
export type PageName = (typeof pageNames)[number];

/**
 * The pages the results e-mail links to show one person's profile (or act for them): never cached
 * (`no-store`), never indexed, and no address of theirs sent on as a Referer when the visitor follows a link.
 */
export const privatePages = new Set<PageName>(['profile', 'confirm']);
export const privatePageHeaders = { 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

/** The path React renders for each page; null: an empty shell the browser renders (the results need the quiz's answers). */
const renderedPath: Record<PageName, { path: string | null; waitForLazyPages: boolean }> = {
  landing: { path: paths.home, waitForLazyPages: false },
  quiz: { path: paths.quiz, waitForLazyPages: true },
  results: { path: null, waitForLazyPages: false },
  // The pages the results e-mail links to: shells too (the token is in the address's fragment).
  profile: { path: null, waitForLazyPages: false },
  confirm: { path: null, waitForLazyPages: false },
  'not-found': { path: '/__not-found__', waitForLazyPages: false },
};

/** What `src/entry-server.tsx` exports, once built into dist/ssr; on the server, its calls into the render thread. */
export type PageRenderer = {
  render: (url: string, siteConfig: SiteConfig) => string | Promise<string>;
  renderWithLazyPages: (url: string, siteConfig: SiteConfig) => Promise<string>;
};

export type PageTemplates = Record<PageName, string>;
export type Pages = Record<PageName, string>;

export const templateFile = (distDir: string, page: PageName) => join(distDir, 'html', 'templates', `${page}.html`);
export const rendererFile = (distDir: string) => join(distDir, 'ssr', 'entry-server.js');

/** Puts the settings block into a page's `<head>`. */
export function withSiteConfig(html: string, siteConfig: SiteConfig): string {
  if (!html.includes('</head>')) throw new Error('A page has no </head> to put its settings before.');
  return html.replace('</head>', `${siteConfigElement(siteConfig)}</head>`);
}

/**
 * Every page rendered with these settings. `withSettingsBlock: false` is for the build's static
 * pages: without a block, the browser uses the defaults they were rendered with.
 */
export async function renderPages(
  renderer: PageRenderer,
  templates: PageTemplates,
  siteConfig: SiteConfig,
  { withSettingsBlock }: { withSettingsBlock: boolean },
): Promise<Pages> {
  const pages = {} as Pages;
  for (const name of pageNames) {
    const { path, waitForLazyPages } = renderedPath[name];
    const app = path === null ? '' : waitForLazyPages ? await renderer.renderWithLazyPages(path, siteConfig) : await renderer.render(path, siteConfig);
    const html = templates[name].replace(PAGE_SLOT, () => app);
    pages[name] = withSettingsBlock ? withSiteConfig(html, siteConfig) : html;
  }
  return pages;
}

/** The built templates; a missing one (or a missing renderer) stops the start, saying to build first. */
export async function loadTemplates(distDir: string): Promise<PageTemplates> {
  const missing = [rendererFile(distDir), ...pageNames.map((page) => templateFile(distDir, page))].find((file) => !existsSync(file));
  if (missing) throw new Error(`${missing} is missing: run "npm run build" first.`);
  const templates = {} as PageTemplates;
  for (const name of pageNames) {
    templates[name] = await readFile(templateFile(distDir, name), 'utf8');
    if (!templates[name].includes(PAGE_SLOT) && renderedPath[name].path !== null) {
      throw new Error(`${templateFile(distDir, name)} has no ${PAGE_SLOT} slot: run "npm run build" again.`);
    }
  }
  return templates;
}

/** The built renderer, in this thread: the build's own (scripts/prerender.ts). */
export async function importRenderer(distDir: string): Promise<PageRenderer> {
  return (await import(pathToFileURL(rendererFile(distDir)).href)) as PageRenderer;
}

/** What the render thread is asked: one page's app HTML, by the renderer at `rendererUrl`. */
export type PageTask = { rendererUrl: string; url: string; siteConfig: SiteConfig; waitForLazyPages: boolean };

/** The built renderer, called in its own thread (started again for the next render when it has stopped). */
function threadRenderer(distDir: string): PageRenderer & { close(): Promise<void> } {
  const thread = onDemandThread<PageTask, string>(new URL('./render-thread.mjs', import.meta.url));
  const rendererUrl = pathToFileURL(rendererFile(distDir)).href;
  return {
    render: (url, siteConfig) => thread.run({ rendererUrl, url, siteConfig, waitForLazyPages: false }),
    renderWithLazyPages: (url, siteConfig) => thread.run({ rendererUrl, url, siteConfig, waitForLazyPages: true }),
    close: () => thread.close(),
  };
}

/**
 * The pages the server sends now. `update` renders a new set in the background of requests, which
 * keep getting the previous set until it is ready; updates never overlap, and only the latest
 * settings asked for are rendered when several arrive meanwhile.
 */
export class SitePages {
  #pages: Pages;
  #rendering: Promise<void> = Promise.resolve();
  #wanted: SiteConfig | null = null;

  private constructor(
    private readonly renderer: PageRenderer & { close(): Promise<void> },
    private readonly templates: PageTemplates,
    pages: Pages,
  ) {
    this.#pages = pages;
  }

  static async load(distDir: string, siteConfig: SiteConfig): Promise<SitePages> {
    const templates = await loadTemplates(distDir);
    const renderer = threadRenderer(distDir);
    try {
      return new SitePages(renderer, templates, await renderPages(renderer, templates, siteConfig, { withSettingsBlock: true }));
    } catch (error) {
      await renderer.close();
      throw error;
    }
  }

  get current(): Pages {
    return this.#pages;
  }

  /** Resolves once pages with these settings (or later ones) are being sent. */
  update(siteConfig: SiteConfig): Promise<void> {
    this.#wanted = siteConfig;
    const run = this.#rendering.then(async () => {
      const wanted = this.#wanted;
      if (wanted === null) return;
      this.#wanted = null;
      this.#pages = await renderPages(this.renderer, this.templates, wanted, { withSettingsBlock: true });
    });
    // A failed render leaves the previous pages in place and the next update free to try again.
    this.#rendering = run.catch(() => undefined);
    return run;
  }

  /** Stops the render thread, once the update under way (if any) is over. */
  async close(): Promise<void> {
    await this.#rendering;
    await this.renderer.close();
  }
}
