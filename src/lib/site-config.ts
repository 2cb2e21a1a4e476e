import { createContext, useContext } from 'react';
import { defaultSiteConfig, SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../shared/site-config';

/**
 * The settings the server put into this page (see `src/shared/site-config.ts`); the defaults when the
 * page was served without them (prerendering, static hosting) or they cannot be read.
 */
export function readSiteConfig(doc: Document | undefined = globalThis.document): SiteConfig {
  const text = doc?.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return defaultSiteConfig;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? { ...defaultSiteConfig, ...parsed } : defaultSiteConfig;
  } catch {
    return defaultSiteConfig;
  }
}

/**
 * The page's settings for the components that show them (the coach's name, the course). Given once
 * at the root: by the browser from the page's settings block, by the server's render from the same
 * settings, so the HTML it sends and the page the browser hydrates say the same.
 */
export const SiteConfigContext = createContext<SiteConfig>(defaultSiteConfig);

export const useSiteConfig = () => useContext(SiteConfigContext);
