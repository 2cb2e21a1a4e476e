import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { App } from '../app/app';
import { SiteConfigContext } from '../lib/site-config';
import { defaultSiteConfig, type SiteConfig } from '../shared/site-config';

/** Renders the whole app at one path, as the browser would after navigating there, with the page's settings. */
export function renderAppAt(path: string, siteConfig: SiteConfig = defaultSiteConfig) {
  return render(
    <SiteConfigContext value={siteConfig}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </SiteConfigContext>,
  );
}

/** Renders one element inside a router. */
export function renderWithRouter(ui: ReactNode, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
