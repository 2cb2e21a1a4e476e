/**
 * Where a quiz run came from, as the page sends it with each funnel event (`POST /api/events`) and
 * with the lead (`POST /api/leads`, so the `lead` step is counted by source when the lead is stored):
 * the `utm_source`, `utm_medium`, `utm_campaign` of the first page and the referrer's host. One
 * schema for both, on the server; the page applies the same rules before it sends (src/lib/funnel-beacon.ts).
 */
import * as v from 'valibot';
import { UTM_MAX_LENGTH } from './funnel-event';
import { hasHiddenCharacterInUtm } from './hidden-characters';

/** A UTM value: trimmed, in NFC form, and under the leads' Unicode policy (./hidden-characters.ts). */
export const utmValueSchema = v.optional(
  v.pipe(
    v.string('A UTM value must be text.'),
    v.trim(),
    v.transform((value: string) => value.normalize('NFC')),
    v.maxLength(UTM_MAX_LENGTH, `A UTM value must be at most ${UTM_MAX_LENGTH} characters.`),
    v.check((value) => !hasHiddenCharacterInUtm(value), 'A UTM value must not hold control, format or invisible characters.'),
  ),
);

/** A DNS host name or an IPv4 address, as `new URL(document.referrer).hostname` gives it. */
const hostPattern = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The referrer's host name: ASCII (an international name arrives as punycode), so it holds no hidden character. */
export const referrerSchema = v.optional(
  v.pipe(
    v.string('referrer must be a host name.'),
    v.toLowerCase(),
    v.regex(hostPattern, 'referrer must be a host name (no scheme, port or path).'),
  ),
);

export const runSourceEntries = { source: utmValueSchema, medium: utmValueSchema, campaign: utmValueSchema, referrer: referrerSchema };

export const runSourceSchema = v.strictObject(runSourceEntries);

export type RunSource = v.InferOutput<typeof runSourceSchema>;
