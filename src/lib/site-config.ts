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
