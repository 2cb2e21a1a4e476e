/**
 * Settings the coach chooses at run time (the dashboard's settings, or the server's environment
 * variables, which win), handed to the visitor's page inside its HTML when it is served, so no extra
 * request is needed and a change shows on the next page load. Features add their fields here,
 * each with a default that holds when the page is hosted without the server (local-only build).
 */
import type { Offer } from './offer-pick';
import type { Words } from './word-merge';

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
  /** Who runs the quiz (dashboard settings): "a quiz by ..." on the landing page, the footer, the course call to action. */
  coach: CoachIdentity;
  /** The course behind "Show Me the Course"; a null `url` keeps the build-time VITE_COURSE_URL. */
  course: CourseDetails;
  /** The coach's own line for heavy results, shown with the care message; null when not set. */
  helpLine: HelpLine | null;
  /** How the quiz looks inside a frame (the coach's embed look; src/shared/frame-look.ts). */
  frame: FrameStyle;
  /** Mail is on (SMTP_URL): the gate says the profile will also arrive by email. */
  mailOn: boolean;
  /**
   * The coach's own wording of the visitor's texts (./word-merge.ts), only those they changed; absent
   * when they changed none, so the page is exactly what it is with our texts.
   */
  words?: Words;
  /** The coach's offers by pattern (./offer-pick.ts), in their order; absent when they have none. */
  offers?: Offer[];
};

/** A picture served from the site's own origin, with its size so the page keeps its place while it loads. */
export type PublicImage = { url: string; width: number; height: number };

/** Each part null until the coach sets it. */
export type CoachIdentity = { name: string | null; intro: string | null; photo: PublicImage | null };

/** The pitch is the coach's own paragraph(s) (blank lines between them); the details are short phrases. */
export type CourseDetails = {
  url: string | null;
  pitch: string | null;
  length: string | null;
  price: string | null;
  outcome: string | null;
};

export type HelpLine = { text: string; url: string | null };

/**
 * What the quiz's page applies inside a frame, from the coach's embed look (./frame-look.ts, which
 * derives it): whether its header line and footer hide, and the theme colours (CSS custom properties
 * of src/theme.css) the look replaces. `transparent`: the page paints no background of its own.
 * Here, not there, so the visitor's first load carries no colour maths.
 */
export type FrameStyle = { hideChrome: boolean; transparent: boolean; colours: Record<string, `#${string}`> };

export const plainFrameStyle: FrameStyle = { hideChrome: false, transparent: false, colours: {} };

export const defaultSiteConfig: SiteConfig = {
  privacyUrl: null,
  consentCheckboxText: null,
  consentVersion: null,
  embedOrigins: [],
  coach: { name: null, intro: null, photo: null },
  course: { url: null, pitch: null, length: null, price: null, outcome: null },
  helpLine: null,
  frame: plainFrameStyle,
  mailOn: false,
};

/** The id of the `<script type="application/json">` element that carries the settings. */
export const SITE_CONFIG_ELEMENT_ID = 'core-drivers-config';

/** The element to insert into a page's `<head>`; `<` is escaped so no value can end the element early. */
export function siteConfigElement(config: SiteConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>`;
}
