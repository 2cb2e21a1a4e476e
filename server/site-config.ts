/**
 * Puts the coach's run-time settings for the visitor's page (`src/shared/site-config.ts`) into each
 * page's `<head>`, once at start-up. A data block, not a script: the CSP needs no change.
 */
import { siteConfigElement, type SiteConfig } from '../src/shared/site-config';
import type { ServerConfig } from './config';
import { consentVersion, consentWording } from './leads/consent';

/**
 * What the page needs to know of the server's configuration (features add their fields, taking the
 * ServerConfig as an argument). Nothing secret belongs here: every visitor can read it.
 */
export function siteConfigFor(config: ServerConfig): SiteConfig {
  return {
    privacyUrl: config.privacyUrl,
    consentCheckboxText: config.consentCheckbox?.text ?? null,
    consentVersion: consentVersion(consentWording(config)),
    embedOrigins: config.embedOrigins,
    mailOn: config.mail !== null,
    coachName: null,
  };
}

export function withSiteConfig(html: string, siteConfig: SiteConfig): string {
  if (!html.includes('</head>')) throw new Error('A page has no </head> to put its settings before.');
  return html.replace('</head>', `${siteConfigElement(siteConfig)}</head>`);
}
