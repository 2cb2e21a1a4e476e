// The render thread of the visitor's pages (./site-pages.ts): the built site's renderer runs here,
// never on the event loop that answers leads. Plain JavaScript, as the renderer is: no loader needed.
import process from 'node:process';

// React's production build, as on the main thread (server/node-env.ts): this thread's environment is its own.
process.env.NODE_ENV = 'production';

/** One page's app HTML (a `PageTask`); the renderer is imported once (import() keeps it). */
export default async function renderPage({ rendererUrl, url, siteConfig, waitForLazyPages }) {
  const renderer = await import(rendererUrl);
  return waitForLazyPages ? renderer.renderWithLazyPages(url, siteConfig) : renderer.render(url, siteConfig);
}
