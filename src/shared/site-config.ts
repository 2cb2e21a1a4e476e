/**
 * Settings the coach chooses at run time (environment variables of the server), handed to the
 * visitor's page inside its HTML, so no extra request is needed. Features add their fields here,
 * each with a default that holds when the page is hosted without the server (local-only build).
 */
export type SiteConfig = {
  /** The coach's privacy policy (PRIVACY_URL), linked under the gate's button; null: no link. */
  privacyUrl: string | null;
  /** The optional marketing-consent box (CONSENT_CHECKBOX, CONSENT_TEXT): its label, or null when off. */
  consentCheckboxText: string | null;
  /**
   * Version of the consent wording the server records with each lead (server/leads/consent.ts); the
   * gate sends it back, so the record says what this page showed. Null without the server.
   */
  consentVersion: string | null;
  /** The coach's sites allowed to frame the quiz (EMBED_ORIGINS): the only places it posts progress to. */
  embedOrigins: string[];
  /** Mail is on (SMTP_URL): the gate says the profile will also arrive by email. */
  mailOn: boolean;
  /** The coach's name, for the printout and the confirm page; null when not given. */
  coachName: string | null;
};

export const defaultSiteConfig: SiteConfig = {
  privacyUrl: null,
  consentCheckboxText: null,
  consentVersion: null,
  embedOrigins: [],
  mailOn: false,
  coachName: null,
};

/** The id of the `<script type="application/json">` element that carries the settings. */
export const SITE_CONFIG_ELEMENT_ID = 'core-drivers-config';

/** The element to insert into a page's `<head>`; `<` is escaped so no value can end the element early. */
export function siteConfigElement(config: SiteConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>`;
}
