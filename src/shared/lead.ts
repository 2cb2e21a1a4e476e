/**
 * The lead a visitor submits at the results gate. One schema, used by the gate in the browser and by
 * `POST /api/leads` on the server, so both accept and refuse exactly the same input.
 *
 * Text is trimmed and put in Unicode NFC form (so "é" typed two ways is stored once), and refused
 * when it holds characters no person types into a form or that hide what it says (the Unicode policy
 * of ./hidden-characters.ts): an address that looks the same as another must be the same address, and a name must
 * display as what it is.
 */
import * as v from 'valibot';
import { DRIVER_COUNT, RATINGS } from './constants';
import { hasHiddenCharacterInEmail, hasHiddenCharacterInName } from './hidden-characters';
import { runSourceSchema } from './run-source';

const invalidEmail = 'Please enter a valid email address.';

/** Longest address SMTP can deliver to (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Long enough for any first name, too short to carry a message in the coach's e-mail. */
export const FIRST_NAME_MAX_LENGTH = 50;
/** The honeypot is never shown to people; a bot may paste anything, bounded all the same. */
export const HONEYPOT_MAX_LENGTH = 200;

export { hasHiddenCharacterInEmail, hasHiddenCharacterInName, withoutHiddenCharacters } from './hidden-characters';

const normalized = v.transform((text: string) => text.normalize('NFC'));

/** What a local part's dot-separated pieces are made of: RFC 5322's atext, and letters of any script (RFC 6531). */
const atom = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
/** A domain name's label: letters of any script, digits, hyphens inside. */
const label = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?';
const bareAddress = new RegExp(`^${atom}(?:\\.${atom})*@${label}(?:\\.${label})*$`, 'u');

/**
 * One plain address: a local part, `@`, a domain name. SPEC section 5 (something on both sides of
 * an @, no spaces) and no more: a display name (`x<you@example.com>`), a group
 * (`grp:you@example.com;`), a comment, a quoted local part or an IP literal (`you@[127.0.0.1]`,
 * `you@127.0.0.1`) is refused, so the address stored is the one mailed, erased and exported.
 */
export function isBareAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return bareAddress.test(email) && !/^[\d.]+$/.test(domain);
}

/** SPEC section 5: non-empty and one plain address (`isBareAddress`). */
export const emailSchema = v.pipe(
  v.string(invalidEmail),
  v.trim(),
  normalized,
  v.nonEmpty(invalidEmail),
  v.check(isBareAddress, invalidEmail),
  v.check((email) => !hasHiddenCharacterInEmail(email), invalidEmail),
  v.maxLength(EMAIL_MAX_LENGTH, 'That email address is too long.'),
);

const firstNameMissing = 'Please enter your first name.';

/**
 * A web address or an e-mail address in a name: `://`, `www.`, `@`, or a dot between a word and two
 * letters or more (`evil.example`), which mail programs turn into a link. The name opens the coach's
 * e-mail, so it must never read as the coach's own words with a link to follow.
 */
const addressInName = /:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

/** Whether a first name may open an e-mail in the coach's name (stored names are checked again before they are mailed). */
export const isMailableName = (name: string) => !addressInName.test(name) && name.length <= FIRST_NAME_MAX_LENGTH;

export const firstNameSchema = v.pipe(
  v.string(firstNameMissing),
  v.trim(),
  normalized,
  v.nonEmpty(firstNameMissing),
  v.check((name) => !hasHiddenCharacterInName(name), 'Please use only letters and punctuation in your first name.'),
  v.check((name) => !addressInName.test(name), 'Please write only your first name, without a web or email address.'),
  v.maxLength(FIRST_NAME_MAX_LENGTH, `Please use at most ${FIRST_NAME_MAX_LENGTH} characters for your first name.`),
);

const ratingsMessage = `Please answer all ${DRIVER_COUNT} questions with a rating from ${RATINGS[0]} to ${RATINGS[RATINGS.length - 1]}.`;

export const ratingsSchema = v.pipe(
  v.array(v.picklist(RATINGS, ratingsMessage), ratingsMessage),
  v.length(DRIVER_COUNT, ratingsMessage),
);

/**
 * A form field people never see (hidden from view and from assistive technology). Bots fill every
 * field; a submission with text in it is answered as usual and not stored.
 */
export const honeypotSchema = v.optional(v.pipe(v.string(), v.maxLength(HONEYPOT_MAX_LENGTH)));

/**
 * What the gate showed about the address: the version of its wording (from the page's settings)
 * and, when the marketing-consent box was shown, whether it was ticked. Never required: a page
 * served without the server has no version to send.
 */
export const consentSchema = v.optional(
  v.strictObject({
    version: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, 'This consent version is not valid.')),
    marketing: v.optional(v.boolean()),
  }),
);

/** What a missing field is told, in the words its own check uses. */
const missingFieldMessages: Record<string, string> = {
  email: invalidEmail,
  firstName: firstNameMissing,
  ratings: ratingsMessage,
};

export const leadSchema = v.strictObject(
  {
    email: emailSchema,
    firstName: firstNameSchema,
    ratings: ratingsSchema,
    website: honeypotSchema,
    consent: consentSchema,
    // Where the run came from, to count the `lead` step by source when the lead is stored. A source
    // the rules refuse is dropped, never the lead.
    source: v.fallback(v.optional(runSourceSchema), undefined),
  },
  (issue) => {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string') return 'Send the lead as a JSON object.';
    return (Object.hasOwn(missingFieldMessages, key) ? missingFieldMessages[key] : undefined) ?? 'This field is not expected.';
  },
);

export type Lead = v.InferOutput<typeof leadSchema>;

/** True when the honeypot holds anything but white space: the submission came from a bot. */
export function isHoneypotFilled(lead: Pick<Lead, 'website'>): boolean {
  return (lead.website ?? '').trim() !== '';
}
