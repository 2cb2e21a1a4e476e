/**
 * A coach's site for the embed tests (e2e/embed.spec.ts), started by playwright.config.ts beside the
 * quiz: the same pages on an allowed origin (127.0.0.2) and on one not in EMBED_ORIGINS (127.0.0.3),
 * both on the quiz's port number. Each page pastes the README's snippet and records, for the tests,
 * every message it receives and every `core-drivers:progress` event.
 *   /inline              <div data-core-drivers></div>
 *   /popup               <div data-core-drivers data-mode="popup" data-button-text="Take the quiz"></div>
 *   /frame?path=/results a plain iframe of a quiz page, as the embed script would make it
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { hostOrigins } from './embed-origins';

const port = Number(process.env.E2E_PORT ?? 4173);
const quizOrigin = `http://127.0.0.1:${port}`;

const recorder = `<script>
  window.received = [];
  window.progress = [];
  addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data }));
  document.addEventListener('core-drivers:progress', (event) => progress.push(event.detail.step));
</script>`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="data:,">${recorder}
<style>body{margin:0;font:18px/1.6 Georgia,serif;color:#222;background:#fff}header,footer{padding:24px;background:#f1ece4}main{max-width:760px;margin:0 auto;padding:24px 16px}</style>
</head><body><header><strong>Sam Rivera Coaching</strong></header><main><h1>${title}</h1>
<p>Take two minutes to see which of your Core Drivers carry you, and which could use some support.</p>
${body}
<p>Questions? Write to me any time.</p></main><footer>© Sam Rivera Coaching</footer></body></html>`;
}

const snippet = (attributes: string) =>
  `<div data-core-drivers${attributes}></div>\n<script src="${quizOrigin}/embed.js" async></script>`;

function pageFor(url: URL): string | null {
  if (url.pathname === '/inline') return page('Discover your Core Drivers', snippet(''));
  if (url.pathname === '/popup') return page('Ready when you are', snippet(' data-mode="popup" data-button-text="Take the quiz"'));
  if (url.pathname === '/frame') {
    const src = new URL(url.searchParams.get('path') ?? '/', quizOrigin);
    src.searchParams.set('embed', 'inline');
    src.searchParams.set('host', url.origin);
    return page('A quiz page in a frame', `<iframe title="Core Drivers quiz" src="${src.href}" style="width:100%;height:600px;border:0"></iframe>`);
  }
  return null;
}

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.2'}`);
  const html = pageFor(url);
  response.writeHead(html === null ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html ?? 'not found');
}

for (const origin of [hostOrigins(port).allowed, hostOrigins(port).notAllowed]) {
  const { hostname } = new URL(origin);
  createServer(answer).listen(port, hostname);
}
