import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { hasPrerenderedHtml } from './app/has-prerendered-html';
import { prefetchLazyPages } from './app/app-routes';
import { whenLoadedAndIdle } from './app/prefetch';
import { prefetchMark } from './app/prefetch-mark';
import { whenFramed } from './embed/when-framed';
import { startFunnelBeacon } from './lib/funnel-beacon';
import { readSiteConfig, SiteConfigContext } from './lib/site-config';
import './styles.css';

// Before the pages render, so the coach's page hears the very first funnel step.
whenFramed();
// Count the funnel on the server, subscribed before the first page reports its step. The
// local-only build (VITE_LEAD_CAPTURE=local, the switch lib/lead-client.ts reads too) has no server
// to count on: the check is replaced at build time, so that build does not even contain the beacon.
if (import.meta.env.VITE_LEAD_CAPTURE !== 'local') startFunnelBeacon();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <SiteConfigContext value={readSiteConfig()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </SiteConfigContext>
  </StrictMode>
);

// Prerendered pages (landing, quiz, not-found) are hydrated; the others start empty and render here.
if (hasPrerenderedHtml(container)) hydrateRoot(container, app);
else createRoot(container).render(app);

// Once the page has loaded and hydrated and the browser has nothing else to do, fetch the quiz and
// results so the click on Start Your Discovery is instant. The mark lets the budgets and the
// benchmark tell this prefetch apart from the first load.
whenLoadedAndIdle(() => {
  performance.mark(prefetchMark);
  void prefetchLazyPages();
});
