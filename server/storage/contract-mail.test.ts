/**
 * The storage contract's part for the results e-mail (server/mail/), the same suite against both
 * backends: its own queue in the outbox, the links stored by hash, the double opt-in's single-use
 * confirmation (with its `lead.confirmed` webhook row), and erasure killing both.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Lead } from '../../src/shared/lead';
import { csvChunks } from '../leads/export';
import { storageBackends } from '../test/storage-backends';
import type { DueRow, OutboxChannel, Routing, Storage, StoredConsent } from './storage';

const lead = (email: string, ratings: Lead['ratings'] = [1, 2, 3, 1, 2, 3, 1, 2, 3]): Lead => ({ email, firstName: 'Ana', ratings });
const ticked: StoredConsent = { version: 'abcdef0123456789', wording: 'The gate said this.', marketing: true };
/** A link's token and the hash storage keeps (the mail's own are made the same way: server/mail/links.ts). */
const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newLinkToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
};
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(storageBackends)('%s', (_name, open) => {
  let clock = Date.UTC(2026, 10, 20, 12);
  /** Where the leads go: the webhook and the results e-mail, unless a test says otherwise. */
  let routing: Routing = { webhook: true, email: true, tool: false };
  /** The channels storage said it queued on, one entry per commit. */
  let woken: OutboxChannel[][] = [];
  const start = async () => {
    clock = Date.UTC(2026, 10, 20, 12);
    routing = { webhook: true, email: true, tool: false };
    woken = [];
    return open({ now: () => clock, onQueued: (channels) => woken.push([...channels].sort()) });
  };
  const claimAll = async (storage: Storage, channel: OutboxChannel) => storage.outbox[channel].claimDue(clock, 100, 60_000);
  const deliver = (storage: Storage, channel: OutboxChannel, rows: DueRow[]) =>
    storage.outbox[channel].record(rows.map((row) => ({ row, state: 'delivered', nextAttemptAt: null, status: 250, reply: null, now: clock })));

  test('each submission queues the results e-mail in its own channel, beside the webhook, in the same commit', async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('ana@example.com', [1, 1, 1, 1, 1, 1, 1, 1, 1]), routing });
    clock += HOUR;
    await storage.leads.submit({ lead: lead('ana@example.com'), consent: ticked, routing });
    expect(woken).toEqual([['email', 'webhook'], ['email', 'webhook']]);
    const mail = await claimAll(storage, 'email');
    const hooks = await claimAll(storage, 'webhook');
    expect(mail.map((row) => row.event)).toEqual(['results', 'results']);
    expect(hooks.map((row) => row.event)).toEqual(['lead.submitted', 'lead.submitted']);
    // The e-mail has what it is written from: the retake's earlier ratings and date, the consent record.
    const retake = mail.find((row) => row.submitted_at === clock);
    expect(retake).toMatchObject({ email: 'ana@example.com', ratings: '123123123', previous_ratings: '111111111', previous_submitted_at: clock - HOUR, marketing_consent: 1, marketing_confirmed_at: null });
    expect(mail.find((row) => row.submitted_at !== clock)).toMatchObject({ previous_ratings: null, previous_submitted_at: null });
    // A claimed row is not claimed again (the lease); a channel's schedule is its own.
    expect(await claimAll(storage, 'email')).toEqual([]);
    expect(await storage.outbox.email.nextDueAt()).toBe(clock + 60_000);
    await deliver(storage, 'email', mail);
    expect(await storage.outbox.email.nextDueAt()).toBeNull();
    expect(await storage.outbox.webhook.nextDueAt()).toBe(clock + 60_000);
  });

  test('each delivery has its own message id, kept on every attempt; ids sort in the order the deliveries were queued', async () => {
    const storage = await start();
    // 20 leads in one batch (one commit), then 5 one by one, each on both channels.
    await Promise.all(Array.from({ length: 20 }, (_, index) => storage.leads.submit({ lead: lead(`batch${index}@example.com`), routing })));
    for (let index = 0; index < 5; index += 1) await storage.leads.submit({ lead: lead(`one${index}@example.com`), routing });
    const mail = await claimAll(storage, 'email');
    const queued = [...mail, ...(await claimAll(storage, 'webhook'))].sort((a, b) => a.id - b.id);
    const ids = queued.map((row) => row.message_id);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect([...ids].sort()).toEqual(ids);
    // Tried again later: the same id (the receiver's dedupe key).
    await storage.outbox.email.record(mail.map((row) => ({ row, state: 'pending', nextAttemptAt: clock + 1, status: 451, reply: null, now: clock })));
    clock += 1;
    const byId = (rows: DueRow[]) => rows.sort((a, b) => a.id - b.id).map((row) => row.message_id);
    expect(byId(await claimAll(storage, 'email'))).toEqual(byId(mail));
  });

  test('the deliveries waiting are counted per channel: a delivered one no longer, an erased person has none', async () => {
    const storage = await start();
    expect(await storage.dashboard.pendingByChannel()).toEqual({ webhook: 0, email: 0, tool: 0 });
    await storage.leads.submit({ lead: lead('ana@example.com'), routing });
    await storage.leads.submit({ lead: lead('bo@example.com'), routing: { ...routing, tool: true } });
    expect(await storage.dashboard.pendingByChannel()).toEqual({ webhook: 2, email: 2, tool: 1 });
    await deliver(storage, 'email', await claimAll(storage, 'email'));
    expect(await storage.dashboard.pendingByChannel()).toEqual({ webhook: 2, email: 0, tool: 1 });
    await storage.dashboard.eraseLead('bo@example.com');
    expect(await storage.dashboard.pendingByChannel()).toEqual({ webhook: 1, email: 0, tool: 0 });
  });

  test('one results e-mail an hour and three a day per address, however many submit it; the rest are stored and held', async () => {
    const storage = await start();
    // The probe: 12 leads for one address at once (12 clients), in one batch and in several.
    const at = await Promise.all(Array.from({ length: 6 }, () => storage.leads.submit({ lead: lead('victim@example.com'), routing })));
    for (let index = 0; index < 6; index += 1) at.push(await storage.leads.submit({ lead: lead('Victim@Example.com '), routing }));
    expect(at.map((result) => (result.kind === 'stored' ? result.mail : result.kind))).toEqual(['queued', ...Array<string>(11).fill('held')]);
    expect(await storage.leads.submit({ lead: lead('other@example.com'), routing })).toMatchObject({ mail: 'queued' });
    const sent = async () => (await claimAll(storage, 'email')).filter((row) => row.email === 'victim@example.com').length;
    expect(await sent()).toBe(1);
    clock += HOUR - 1;
    expect(await storage.leads.submit({ lead: lead('victim@example.com'), routing })).toMatchObject({ mail: 'held' });
    clock += 1;
    expect(await storage.leads.submit({ lead: lead('victim@example.com'), routing })).toMatchObject({ mail: 'queued' });
    clock += HOUR;
    expect(await storage.leads.submit({ lead: lead('victim@example.com'), routing })).toMatchObject({ mail: 'queued' });
    clock += HOUR;
    // Three today: the fourth waits for the first to be a day old.
    expect(await storage.leads.submit({ lead: lead('victim@example.com'), routing })).toMatchObject({ mail: 'held' });
    clock += DAY - 2 * HOUR;
    expect(await storage.leads.submit({ lead: lead('victim@example.com'), routing })).toMatchObject({ mail: 'queued' });
    // Every submission is stored all the same.
    expect(await storage.dashboard.eraseLead('victim@example.com')).toMatchObject({ submissions: 17 });
    // A retry of a held one says held again; with mail off, off.
    expect(await storage.leads.submit({ lead: lead('held@example.com'), idempotencyKey: 'key-1', routing })).toMatchObject({ mail: 'queued' });
    expect(await storage.leads.submit({ lead: lead('held@example.com'), idempotencyKey: 'key-2', routing })).toMatchObject({ mail: 'held' });
    expect(await storage.leads.submit({ lead: lead('held@example.com'), idempotencyKey: 'key-2', routing })).toMatchObject({ mail: 'held', replayed: true });
    expect(await storage.leads.submit({ lead: lead('held@example.com'), idempotencyKey: 'key-1', routing })).toMatchObject({ mail: 'queued', replayed: true });
    routing = { ...routing, email: false };
    expect(await storage.leads.submit({ lead: lead('off@example.com'), routing })).toMatchObject({ mail: 'off' });
  });

  test('with mail off no e-mail is queued; turned on, the next lead gets one', async () => {
    const storage = await start();
    routing = { ...routing, email: false };
    await storage.leads.submit({ lead: lead('off@example.com'), routing });
    expect(await claimAll(storage, 'email')).toEqual([]);
    routing = { ...routing, email: true };
    await storage.leads.submit({ lead: lead('on@example.com'), routing });
    expect((await claimAll(storage, 'email')).map((row) => row.email)).toEqual(['on@example.com']);
  });

  test('a profile link opens its own submission, with the one before it, until it expires; the token itself is never stored', async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('ana@example.com', [1, 1, 1, 1, 1, 1, 1, 1, 1]), routing });
    const [row] = await claimAll(storage, 'email');
    if (!row) throw new Error('no e-mail queued');
    const { token, hash } = newLinkToken();
    await storage.links.addLinks([{ tokenHash: hash, kind: 'profile', submissionId: row.submission_id, createdAt: clock, expiresAt: clock + 90 * DAY }]);
    const first = await storage.links.profileByLink(hash, clock);
    expect(first).toMatchObject({ firstName: 'Ana', ratings: '111111111', previous: null, linkExpiresAt: clock + 90 * DAY });
    expect(await storage.links.profileByLink(hashLinkToken(`${token.slice(0, -1)}x`), clock)).toBeNull();
    // A later lead for the same address (a stranger can send one) changes nothing the link shows.
    clock += DAY;
    await storage.leads.submit({ lead: { ...lead('ana@example.com'), firstName: 'Stranger' }, consent: { version: 'abcdef0123456789', wording: 'x', marketing: false }, routing });
    expect(await storage.links.profileByLink(hash, clock)).toMatchObject({ firstName: 'Ana', ratings: '111111111', previous: null });
    // The later submission's own link shows it, and what changed since the earlier one.
    const later = (await claimAll(storage, 'email')).find((due) => due.submission_id !== row.submission_id);
    if (!later) throw new Error('no e-mail queued for the later submission');
    const second = newLinkToken();
    await storage.links.addLinks([{ tokenHash: second.hash, kind: 'profile', submissionId: later.submission_id, createdAt: clock, expiresAt: clock + 90 * DAY }]);
    expect(await storage.links.profileByLink(second.hash, clock)).toMatchObject({ firstName: 'Stranger', ratings: '123123123', previous: { ratings: '111111111', submittedAt: clock - DAY } });
    // Expiry: live until its moment, dead from it.
    expect(await storage.links.profileByLink(hash, clock - DAY + 90 * DAY - 1)).not.toBeNull();
    expect(await storage.links.profileByLink(hash, clock - DAY + 90 * DAY)).toBeNull();
    // Nothing stored holds the token.
    const csv: string[] = [];
    for await (const chunk of csvChunks(storage)) csv.push(chunk.csv);
    expect(csv.join('')).not.toContain(token);
  });

  test('erasing the person kills their links at once and removes their queued e-mail', async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('gone@example.com'), consent: ticked, routing });
    const rows = await claimAll(storage, 'email');
    const submissionId = rows[0]?.submission_id ?? 0;
    await storage.outbox.email.record(rows.map((row) => ({ row, state: 'pending', nextAttemptAt: clock + 10_000, status: null, reply: null, now: clock })));
    const profile = newLinkToken();
    const confirm = newLinkToken();
    await storage.links.addLinks([
      { tokenHash: profile.hash, kind: 'profile', submissionId, createdAt: clock, expiresAt: clock + DAY },
      { tokenHash: confirm.hash, kind: 'confirm', submissionId, createdAt: clock, expiresAt: clock + DAY },
    ]);
    expect(await storage.dashboard.eraseLead('Gone@Example.com')).toMatchObject({ submissions: 1, pendingDeliveries: 2 });
    expect(await storage.links.profileByLink(profile.hash, clock)).toBeNull();
    expect(await storage.links.confirmByLink(confirm.hash, clock, routing)).toBeNull();
    clock += 20_000;
    expect(await claimAll(storage, 'email')).toEqual([]);
    expect(await storage.outbox.email.nextDueAt()).toBeNull();
  });

  test('a confirm link records the time once, queues lead.confirmed once, works only for seven days, and answers confirmed when used again', async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('yes@example.com'), consent: ticked, routing });
    const [row] = await claimAll(storage, 'email');
    const submissionId = row?.submission_id ?? 0;
    await deliver(storage, 'webhook', await claimAll(storage, 'webhook'));
    const link = newLinkToken();
    const late = newLinkToken();
    await storage.links.addLinks([
      { tokenHash: link.hash, kind: 'confirm', submissionId, createdAt: clock, expiresAt: clock + 7 * DAY },
      { tokenHash: late.hash, kind: 'confirm', submissionId, createdAt: clock, expiresAt: clock + 7 * DAY },
    ]);
    expect(await storage.links.confirmByLink(late.hash, clock + 7 * DAY, routing)).toBeNull();
    const wokenBefore = woken.length;
    clock += 60_000;
    expect(await storage.links.confirmByLink(link.hash, clock, routing)).toEqual({ confirmedAt: clock, queued: ['webhook'] });
    expect(woken.slice(wokenBefore)).toEqual([['webhook']]);
    // Used again, later, even after its seven days: the same time, nothing recorded or queued again.
    expect(await storage.links.confirmByLink(link.hash, clock + 1, routing)).toEqual({ confirmedAt: clock, queued: [] });
    expect(await storage.links.confirmByLink(link.hash, clock + 8 * DAY, routing)).toEqual({ confirmedAt: clock, queued: [] });
    expect(woken.slice(wokenBefore)).toEqual([['webhook']]);
    const confirmed = await claimAll(storage, 'webhook');
    expect(confirmed).toEqual([expect.objectContaining({ event: 'lead.confirmed', email: 'yes@example.com', marketing_confirmed_at: clock })]);
    // The export shows the request (the submission) and the confirmation.
    let csv = '';
    for await (const chunk of csvChunks(storage)) csv += chunk.csv;
    expect(csv).toContain(`"${new Date(clock).toISOString()}"`);
    // A profile link is not a confirm link, and a confirm link opens no profile.
    expect(await storage.links.profileByLink(link.hash, clock)).toBeNull();
  });

  test('without a webhook, confirming records the time and queues nothing', async () => {
    const storage = await start();
    routing = { webhook: false, email: true, tool: false };
    await storage.leads.submit({ lead: lead('quiet@example.com'), consent: ticked, routing });
    const [row] = await claimAll(storage, 'email');
    const link = newLinkToken();
    await storage.links.addLinks([{ tokenHash: link.hash, kind: 'confirm', submissionId: row?.submission_id ?? 0, createdAt: clock, expiresAt: clock + DAY }]);
    expect(await storage.links.confirmByLink(link.hash, clock, routing)).toEqual({ confirmedAt: clock, queued: [] });
    expect(await claimAll(storage, 'webhook')).toEqual([]);
  });
});
