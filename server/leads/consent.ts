/**
 * The consent record kept with every submission: what the gate told the visitor about their
 * address (the notice under the button, the privacy link) and, when the coach turned it on, the
 * marketing-consent box's label; whether the box was ticked; and, as its time, the submission's.
 *
 * The page gets the wording's version with its settings (server/site-config.ts) and sends it back
 * with the lead. The wording comes from the settings in force (the coach may change the privacy
 * link or the box in the dashboard at any time): a change is a new version, and what is stored with
 * a lead never changes. A version that is not the server's current one (the coach changed the
 * wording while the page was open) is recorded as such: the lead is stored, its marketing consent is not.
 */
import { createHash } from 'node:crypto';
import { resultsCopy } from '../../src/content/results';
import type { Lead } from '../../src/shared/lead';
import type { SettingValues } from '../../src/shared/coach-settings';
import type { StoredConsent } from '../storage/storage';
import { mergeWords, type Words } from '../../src/shared/word-merge';

/** The settings in force (environment, else dashboard, else default) that make up the wording. */
export type ConsentSettings = Pick<SettingValues, 'privacyUrl' | 'consentCheckbox' | 'consentText'> & {
  /** The coach's wording of the gate's notice, when they changed it (src/shared/words.ts). */
  words?: Words | null;
  /** Mail is on (SMTP_URL): the line under the button also says the profile arrives by e-mail. */
  mailOn?: boolean;
};

/** Everything the gate says about the address, as one plain text: what a coach can show as proof. */
export function consentWording(settings: ConsentSettings): string {
  // With mail on the line under the button says so (src/features/results/lead-gate.tsx): part of what the visitor was told.
  const gate = mergeWords(resultsCopy.gate, settings.words ?? undefined, 'results.gate');
  const parts: string[] = [settings.mailOn ? `${gate.notice} ${gate.mailNotice}` : gate.notice];
  if (settings.privacyUrl) parts.push(`${gate.privacyLink}: ${settings.privacyUrl}`);
  const box = consentBoxText(settings);
  if (box !== null) parts.push(`Checkbox (unticked at first): ${box}`);
  return parts.join('\n');
}

/** The consent box's label when the box is shown; null when it is off. */
export function consentBoxText({ consentCheckbox, consentText }: ConsentSettings): string | null {
  return consentCheckbox ? (consentText ?? resultsCopy.gate.defaultConsentText) : null;
}

/** A short, stable name for a wording: the first 16 hex digits of its SHA-256. */
export function consentVersion(wording: string): string {
  return createHash('sha256').update(wording).digest('hex').slice(0, 16);
}

/**
 * The wording of these settings and its version, worked out once per settings object: the app
 * hands the same one to every lead until the settings change (server/app.ts), so a lead does not
 * merge the words and hash them again.
 */
const wordings = new WeakMap<ConsentSettings, { wording: string; version: string }>();
function wordingOf(settings: ConsentSettings): { wording: string; version: string } {
  let known = wordings.get(settings);
  if (!known) {
    const wording = consentWording(settings);
    known = { wording, version: consentVersion(wording) };
    wordings.set(settings, known);
  }
  return known;
}

/** The record to store with this lead under these settings. */
export function consentRecord(settings: ConsentSettings, sent: Lead['consent']): StoredConsent {
  if (sent === undefined) return { version: null, wording: null, marketing: null };
  const { wording, version } = wordingOf(settings);
  if (sent.version !== version) return { version: sent.version, wording: null, marketing: null };
  return { version: sent.version, wording, marketing: consentBoxText(settings) !== null ? sent.marketing === true : null };
}
