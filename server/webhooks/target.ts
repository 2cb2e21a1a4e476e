/**
 * Where leads go, from the two settings in force (the dashboard's, or LEAD_WEBHOOK_URL and
 * LEAD_WEBHOOK_SECRET, which win): built once for each revision of the settings, with the secrets
 * opened (server/settings/snapshot.ts), and read from there for every round and every test, so a
 * change applies at once on every instance. A `user:password@` in the address is sent as Basic
 * authorization (RFC 7617) and never as part of the address.
 */
import { displayAddress } from '../../src/shared/display-address';
import type { OutboundPolicy } from '../outbound/allowed-hosts';

export type WebhookTarget = {
  /** The address requests go to, without credentials. */
  url: string;
  /** `Basic ...` from the address's user name and password, or null. */
  authorization: string | null;
  /** The signing secret (src/shared/webhook-settings.ts). */
  secret: string;
  /** The address as the coach may see it: no credentials, no query values. */
  destination: string;
  /** Where the server may connect (OUTBOUND_ALLOWED_HOSTS) when the coach set the address on the dashboard; null for LEAD_WEBHOOK_URL, the operator's. */
  guard: OutboundPolicy | null;
};

/** The target when both settings are in force (both were checked when set); null: leads are not forwarded. */
export function webhookTarget(address: string | null, secret: string | null, guard: OutboundPolicy | null = null): WebhookTarget | null {
  if (address === null || secret === null) return null;
  const url = new URL(address);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const authorization = user === '' && password === '' ? null : `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
  url.username = '';
  url.password = '';
  return { url: url.href, authorization, secret, destination: displayAddress(url.href), guard };
}
