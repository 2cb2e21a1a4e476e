import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED_LOOK_PLACEHOLDER } from '../../src/shared/embed-script-look';
import { makeTempDir } from './temp-dirs';

/**
 * The server-side renderer of a fake build: what dist/ssr/entry-server.js exports, in a few lines.
 * It shows the coach's name as the real one does (escaped), so tests see the settings reach a page,
 * and renders the quiz inside an AsyncLocalStorage as React's `prerender` does (its request's store),
 * so tests see where that runs (server/pages/site-pages.test.ts).
 */
const fakeRenderer = `
import { AsyncLocalStorage } from 'node:async_hooks';
const request = new AsyncLocalStorage();
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
const byline = (config) => (config.coach && config.coach.name ? '<p>A quiz by ' + escape(config.coach.name) + '</p>' : '');
const bodies = {
  '/': '<h1>Discover Your Core Drivers</h1>',
  '/quiz': '<h1>Impulse Control (Inhibition)</h1>',
  '/__not-found__': '<h1>404</h1><p>Oops! Page not found</p>',
};
export function render(url, config) { return (bodies[url] ?? '') + byline(config); }
export async function renderWithLazyPages(url, config) { return request.run({ url }, async () => render(url, config)); }
`;

/** An embed script that shows what it was served with: `look` is its placeholder, read back. */
export const fakeEmbedScript = `(()=>{var served=\`${EMBED_LOOK_PLACEHOLDER}\`;var look;try{look=JSON.parse(served)}catch{look={}}globalThis.coreDriversLook=look;})();`;

/** A minimal built site in a temp folder, so server tests need no `npm run build`. */
export function makeFakeDist(): string {
  const dir = makeTempDir('core-drivers-dist-');
  mkdirSync(join(dir, 'html', 'templates'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
  const page = (body: string) => `<!doctype html><html lang="en"><head><title>Core Drivers</title></head><body>${body}</body></html>`;
  for (const name of ['landing', 'quiz', 'not-found']) {
    writeFileSync(join(dir, 'html', 'templates', `${name}.html`), page('<div id="root"><!--app-html--></div>'));
  }
  writeFileSync(join(dir, 'html', 'templates', 'results.html'), page('<div id="root"></div>'));
  writeFileSync(join(dir, 'html', 'templates', 'profile.html'), page('<div id="root"></div><p>Profile</p>'));
  writeFileSync(join(dir, 'html', 'templates', 'confirm.html'), page('<div id="root"></div><p>Confirm</p>'));
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), fakeRenderer);
  writeFileSync(join(dir, 'html', 'coach.html'), page('<div id="root"></div><p>Coach dashboard</p>'));
  writeFileSync(join(dir, 'client', 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(100));
  // The embed script as built: its look's placeholder in a template literal, as the minifier writes it.
  writeFileSync(join(dir, 'client', 'embed.js'), fakeEmbedScript);
  writeFileSync(join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'client', '.env'), 'SECRET=1');
  return dir;
}
