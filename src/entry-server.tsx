import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

function Page({ url }: { url: string }) {
  return (
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>
  );
}

/** Renders one path to HTML at build time (scripts/prerender.ts). */
export function render(url: string): string {
  return renderToString(<Page url={url} />);
}

/**
 * Renders one path to HTML after every lazy page on it has loaded (renderToString would leave a
 * lazy page's place empty): how the build prerenders the quiz's first question.
 */
export async function renderWithLazyPages(url: string): Promise<string> {
  const { prelude } = await prerender(<Page url={url} />);
  return new Response(prelude).text();
}
