import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { SiteConfigContext } from './lib/site-config';
import { defaultSiteConfig, type SiteConfig } from './shared/site-config';

function Page({ url, siteConfig }: { url: string; siteConfig: SiteConfig }) {
  return (
    <StrictMode>
      <SiteConfigContext value={siteConfig}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </SiteConfigContext>
    </StrictMode>
  );
}

/**
 * Renders one path to HTML with the coach's settings: at build time with the defaults
 * (scripts/prerender.ts), and by the server whenever the settings change (server/pages/), so the
 * page sent carries the coach's name before any script runs.
 */
export function render(url: string, siteConfig: SiteConfig = defaultSiteConfig): string {
  return renderToString(<Page url={url} siteConfig={siteConfig} />);
}

/**
 * Renders one path to HTML after every lazy page on it has loaded (renderToString would leave a
 * lazy page's place empty): how the build prerenders the quiz's first question.
 */
export async function renderWithLazyPages(url: string, siteConfig: SiteConfig = defaultSiteConfig): Promise<string> {
  const { prelude } = await prerender(<Page url={url} siteConfig={siteConfig} />);
  return new Response(prelude).text();
}
