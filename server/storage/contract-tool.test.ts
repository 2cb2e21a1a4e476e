/**
 * The storage contract's part for the e-mail tool's channel, the same suite against both backends
 * as the server opens them: a lead is queued for the tool when its routing says so, in the
 * submission's transaction (the consent box off) or in the confirmation's (the box on: the app
 * routes it there, server/compose.ts), never both; its rows are the tool's queue's alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Lead } from '../../src/shared/lead';
import { storageBackends } from '../test/storage-backends';
import type { DueRow, OutboxQueue, Routing, StoredConsent } from './storage';

const lead = (email: string): Lead => ({ email, firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });
const ticked: StoredConsent = { version: 'abcdef0123456789', wording: 'Yes, you may e-mail me.', marketing: true };
const T0 = Date.UTC(2026, 10, 26, 9);
/** A confirm link's hash, as storage keeps it (the mail's own are made the same way: server/mail/links.ts). */
const linkHash = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');

const claimAll = async (queue: OutboxQueue, now: number): Promise<DueRow[]> => queue.claimDue(now, 100, 60_000);

/** Where the app sends a lead when the tool hears of it at `when` (server/compose.ts `routing`). */
const routed = (when: 'submitted' | 'confirmed' | null, mail = false) => ({
  submitted: { webhook: false, email: mail, tool: when === 'submitted' } satisfies Routing,
  confirmed: { webhook: false, email: mail, tool: when === 'confirmed' } satisfies Routing,
});

describe.each(storageBackends)('%s', (_name, open) => {
  test('with the consent box off, each new submission is queued for the tool at once (a replay is not)', async () => {
    const storage = await open({ now: () => T0 });
    const { submitted: routing } = routed('submitted');
    await storage.leads.submit({ lead: lead('ada@example.com'), idempotencyKey: 'key-1', routing });
    expect(await storage.leads.submit({ lead: lead('ada@example.com'), idempotencyKey: 'key-1', routing })).toMatchObject({ replayed: true, queued: [] });
    expect(await storage.leads.submit({ lead: lead('bea@example.com'), routing })).toMatchObject({ queued: ['tool'] });
    const rows = await claimAll(storage.outbox.tool, T0);
    expect(rows.map((row) => [row.email, row.event, row.ratings])).toEqual([
      ['ada@example.com', 'lead.submitted', '123123123'],
      ['bea@example.com', 'lead.submitted', '123123123'],
    ]);
    // The tool's rows are its queue's alone.
    expect(await claimAll(storage.outbox.webhook, T0)).toEqual([]);
    expect(await claimAll(storage.outbox.email, T0)).toEqual([]);
  });

  test('with the box on, nothing is queued at submission; the confirmation queues one lead.confirmed, once', async () => {
    const storage = await open({ now: () => T0 });
    // Mail on: the results e-mail carries the confirm link (its row says which submission).
    const routing = routed('confirmed', true);
    await storage.leads.submit({ lead: lead('ada@example.com'), consent: ticked, routing: routing.submitted });
    expect(await claimAll(storage.outbox.tool, T0)).toEqual([]);
    const submissionId = (await claimAll(storage.outbox.email, T0))[0]?.submission_id ?? 0;
    const confirm = linkHash();
    await storage.links.addLinks([{ tokenHash: confirm, kind: 'confirm', submissionId, createdAt: T0, expiresAt: T0 + 86_400_000 }]);
    expect(await storage.links.confirmByLink(confirm, T0 + 1000, routing.confirmed)).toEqual({ confirmedAt: T0 + 1000, queued: ['tool'] });
    expect(await storage.links.confirmByLink(confirm, T0 + 2000, routing.confirmed)).toEqual({ confirmedAt: T0 + 1000, queued: [] });
    const rows = await claimAll(storage.outbox.tool, T0 + 3000);
    expect(rows.map((row) => [row.email, row.event, row.marketing_confirmed_at])).toEqual([['ada@example.com', 'lead.confirmed', T0 + 1000]]);
  });

  test('with no tool set, nothing is queued for it', async () => {
    const storage = await open({ now: () => T0 });
    await storage.leads.submit({ lead: lead('ada@example.com'), consent: ticked, routing: routed(null).submitted });
    expect(await claimAll(storage.outbox.tool, T0)).toEqual([]);
  });
});
