/**
 * The storage contract's part for an erased person told to the e-mail tool (server/email-tool/tool-erase.ts),
 * the same suite against both backends: the erase queues one `erase` row on the tool's queue in its
 * own transaction, with no submission and only the sealed address; it falls due once the person's
 * push being sent has ended its lease; recording its outcome keeps what the tool did and wipes the
 * address once it is over, and a wiped one cannot be retried; the erases still pending are listed (a
 * push of the same person waits for them, server/email-tool/erase-order.ts).
 */
import { describe, expect, test } from 'vitest';
import type { Lead } from '../../src/shared/lead';
import { storageBackends } from '../test/storage-backends';
import type { DueRow, OutboxQueue, OutboxUpdate, Routing } from './storage';

const lead = (email: string): Lead => ({ email, firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });
const T0 = Date.UTC(2026, 10, 26, 9);
const LEASE = 60_000;
const toTool: Routing = { webhook: true, email: false, tool: true };
const sealed = 'v1.abcd1234.c2VhbGVk';
const toolErase = (now: number) => ({ sealedAddress: sealed, maskedAddress: 'a…@example.com', now });

const claimAll = async (queue: OutboxQueue, now: number): Promise<DueRow[]> => queue.claimDue(now, 100, LEASE);
const outcome = (row: DueRow, state: OutboxUpdate['state'], now: number, result: 'deleted' | null): OutboxUpdate => ({
  row,
  state,
  nextAttemptAt: state === 'pending' ? now + 10_000 : null,
  status: state === 'delivered' ? 200 : 503,
  reply: state === 'delivered' ? null : 'Service Unavailable',
  now,
  erased: { tool: 'mailerlite', result },
});

describe.each(storageBackends)('%s', (_name, open) => {
  test('an erase queues one erase row for the tool, in its transaction: no submission, the sealed address; its waiting pushes go', async () => {
    const storage = await open({ now: () => T0 });
    await storage.leads.submit({ lead: lead('ana@example.com'), routing: toTool });
    expect(await storage.dashboard.eraseLead('ANA@example.com', toolErase(T0))).toEqual({ leads: 1, submissions: 1, pendingDeliveries: 2 });
    const [row, ...more] = await claimAll(storage.outbox.tool, T0);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ event: 'erase', erase_address: sealed, email: '', first_name: '', attempts: 0 });
    // The tool's alone, and nothing is left of the person's own deliveries.
    expect(await claimAll(storage.outbox.webhook, T0)).toEqual([]);
    // Nobody to erase: nothing queued.
    expect(await storage.dashboard.eraseLead('nobody@example.com', toolErase(T0))).toMatchObject({ leads: 0 });
    expect(await claimAll(storage.outbox.tool, T0 + 1)).toEqual([]);
  });

  test('an erase falls due only once the push of the person being sent has ended its lease', async () => {
    const storage = await open({ now: () => T0 });
    await storage.leads.submit({ lead: lead('ana@example.com'), routing: toTool });
    const [push] = await claimAll(storage.outbox.tool, T0);
    expect(push?.event).toBe('lead.submitted');
    await storage.dashboard.eraseLead('ana@example.com', toolErase(T0 + 1000));
    expect(await claimAll(storage.outbox.tool, T0 + LEASE - 1)).toEqual([]);
    expect(await claimAll(storage.outbox.tool, T0 + LEASE)).toEqual([expect.objectContaining({ event: 'erase' })]);
  });

  test('its outcome keeps the tool and what it did; the address is kept while it is retried and wiped once it is over', async () => {
    const storage = await open({ now: () => T0 });
    for (const email of ['ana@example.com', 'bea@example.com']) {
      await storage.leads.submit({ lead: lead(email), routing: toTool });
      await storage.dashboard.eraseLead(email, toolErase(T0));
    }
    const [first, second] = await claimAll(storage.outbox.tool, T0);
    if (!first || !second) throw new Error('two erases');
    await storage.outbox.tool.record([outcome(first, 'delivered', T0 + 1, 'deleted'), outcome(second, 'pending', T0 + 1, null)]);

    const listed = await storage.dashboard.listDeliveries({ filter: 'delivered', cursor: null, limit: 10 });
    expect(listed.deliveries).toEqual([
      expect.objectContaining({ submissionId: null, event: 'erase', erase: { maskedAddress: 'a…@example.com', tool: 'mailerlite', result: 'deleted', addressKept: false } }),
    ]);
    const failing = await storage.dashboard.listDeliveries({ filter: 'failing', cursor: null, limit: 10 });
    expect(failing.deliveries).toEqual([expect.objectContaining({ erase: { maskedAddress: 'a…@example.com', tool: 'mailerlite', result: null, addressKept: true } })]);
    expect(await storage.dashboard.retryDelivery(second.id, T0 + 2)).toMatchObject({ delivery: { state: 'pending' } });

    const [again] = await claimAll(storage.outbox.tool, T0 + 2);
    expect(again).toMatchObject({ id: second.id, erase_address: sealed });
    await storage.outbox.tool.record([outcome(again as DueRow, 'expired', T0 + 3, null)]);
    const expired = await storage.dashboard.listDeliveries({ filter: 'expired', cursor: null, limit: 10 });
    expect(expired.deliveries).toEqual([expect.objectContaining({ erase: expect.objectContaining({ addressKept: false }) })]);
    expect(await storage.dashboard.retryDelivery(second.id, T0 + 4)).toEqual({ problem: 'wiped' });
  });

  test('the erases still pending are listed, oldest first, with their sealed addresses: none once they are over, none of a push', async () => {
    const storage = await open({ now: () => T0 });
    expect(await storage.outbox.tool.pendingErases()).toEqual([]);
    for (const [email, sealedAddress] of [['ana@example.com', 'v1.ana'], ['bea@example.com', 'v1.bea']] as const) {
      await storage.leads.submit({ lead: lead(email), routing: toTool });
      await storage.dashboard.eraseLead(email, { ...toolErase(T0), sealedAddress });
    }
    // A push queued after them, and a row of another channel: neither is an erase.
    await storage.leads.submit({ lead: lead('ana@example.com'), routing: toTool });
    const [first, second, push] = await claimAll(storage.outbox.tool, T0);
    if (!first || !second || !push) throw new Error('two erases and a push');
    expect(push.event).toBe('lead.submitted');
    // Claimed (being sent) is still pending.
    expect(await storage.outbox.tool.pendingErases()).toEqual([
      { id: first.id, erase_address: 'v1.ana' },
      { id: second.id, erase_address: 'v1.bea' },
    ]);
    expect(first.id).toBeLessThan(push.id);
    expect(await storage.outbox.webhook.pendingErases()).toEqual([]);

    // One done, one to be tried again: only the one still pending is listed; then given up, none.
    await storage.outbox.tool.record([outcome(first, 'delivered', T0 + 1, 'deleted'), outcome(second, 'pending', T0 + 1, null)]);
    expect(await storage.outbox.tool.pendingErases()).toEqual([{ id: second.id, erase_address: 'v1.bea' }]);
    const [again] = await claimAll(storage.outbox.tool, T0 + LEASE + 10_000);
    expect(again?.id).toBe(second.id);
    await storage.outbox.tool.record([outcome(again as DueRow, 'expired', T0 + LEASE + 10_001, null)]);
    expect(await storage.outbox.tool.pendingErases()).toEqual([]);
  });
});
