/**
 * The storage contract (server/storage/storage.ts), the same suite against both backends: SQLite
 * in a temporary folder, and Postgres in a fresh database on the run's throwaway server.
 */
import { describe, expect, test } from 'vitest';
import type { Lead } from '../../src/shared/lead';
import { daysBetween } from '../../src/shared/days';
import { FunnelCounter } from '../analytics/counter';
import { readFunnel } from '../analytics/report';
import { csvChunks, writeCsv } from '../leads/export';
import { storageBackends } from '../test/storage-backends';
import { NEW_FUNNEL_SOURCES_PER_DAY, type Routing } from './storage';

const lead = (email: string, firstName = 'Ana', ratings: Lead['ratings'] = [1, 2, 3, 1, 2, 3, 1, 2, 3]): Lead => ({ email, firstName, ratings });

describe.each(storageBackends)('%s', (_name, open) => {
  let clock = Date.UTC(2026, 10, 20, 12);
  /** Where the leads go: the webhook, unless a test says otherwise. */
  let routing: Routing = { webhook: true, email: false, tool: false };
  const start = async ({ timeZone = 'UTC' }: { timeZone?: string } = {}) => {
    clock = Date.UTC(2026, 10, 20, 12);
    routing = { webhook: true, email: false, tool: false };
    const storage = await open({ now: () => clock });
    // What the server does once it has read the settings: the aggregate in the analytics time zone.
    await storage.funnel.useProfileTimeZone(timeZone);
    return storage;
  };

  test('a lead is stored once per Idempotency-Key: a retry gets the first id, another lead under the key a conflict', async () => {
    const storage = await start();
    const first = await storage.leads.submit({ lead: lead('Ana@Example.com '), idempotencyKey: 'key-1', routing });
    expect(first).toMatchObject({ kind: 'stored', replayed: false, queued: ['webhook'] });
    // A retry queues nothing again.
    const again = await storage.leads.submit({ lead: lead('ana@example.com'), idempotencyKey: 'key-1', routing });
    expect(again).toEqual({ ...first, replayed: true, queued: [] });
    expect(await storage.leads.submit({ lead: lead('other@example.com'), idempotencyKey: 'key-1', routing })).toEqual({ kind: 'key_conflict' });
    // The same key twice in one batch (one turn of the event loop): one stored, one replayed.
    const both = await Promise.all([storage.leads.submit({ lead: lead('b@example.com'), idempotencyKey: 'key-2', routing }), storage.leads.submit({ lead: lead('b@example.com'), idempotencyKey: 'key-2', routing })]);
    expect(both.map((result) => result.kind === 'stored' && result.replayed).sort()).toEqual([false, true]);
    const stats = await storage.dashboard.leadStats(clock);
    expect(stats).toMatchObject({ leads: 2, submissions: 2, outbox: { pending: 2 } });
  });

  test('a period counts the submissions it holds and the people who made them; outside it, none', async () => {
    const storage = await start();
    const noon = clock;
    await storage.leads.submit({ lead: lead('ana@example.com') });
    clock += 60_000;
    await storage.leads.submit({ lead: lead('bo@example.com') });
    await storage.leads.submit({ lead: lead('Ana@Example.com') });
    clock += 60_000;
    await storage.leads.submit({ lead: lead('cy@example.com') });
    const count = (fromMs: number | null, toMs: number | null) => storage.dashboard.countInPeriod({ fromMs, toMs });
    expect(await count(null, null)).toEqual({ leads: 3, submissions: 4 });
    expect(await count(noon + 60_000, noon + 120_000)).toEqual({ leads: 2, submissions: 2 });
    expect(await count(noon, noon + 60_000)).toEqual({ leads: 1, submissions: 1 });
    expect(await count(noon + 180_000, null)).toEqual({ leads: 0, submissions: 0 });
    expect(await count(null, noon)).toEqual({ leads: 0, submissions: 0 });
  });

  test('the lead list, detail, CSV export and erasure see the same people, newest first', async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('ana@example.com', 'Ana', [1, 1, 1, 1, 1, 1, 1, 1, 1]), routing });
    clock += 1000;
    await storage.leads.submit({ lead: lead('bo@example.com', 'Bo'), routing });
    clock += 1000;
    await storage.leads.submit({ lead: lead('ana@example.com', 'Anna', [3, 3, 3, 3, 3, 3, 3, 3, 3]), routing });
    const list = await storage.dashboard.listLeads({ q: '', cursor: null, limit: 25, fromMs: null, toMs: null });
    expect(list.leads.map((entry) => [entry.email, entry.firstName])).toEqual([
      ['ana@example.com', 'Anna'],
      ['bo@example.com', 'Bo'],
    ]);
    const firstPage = await storage.dashboard.listLeads({ q: '', cursor: null, limit: 1, fromMs: null, toMs: null });
    expect(firstPage.nextCursor).not.toBeNull();
    const secondPage = await storage.dashboard.listLeads({ q: '', cursor: firstPage.nextCursor, limit: 1, fromMs: null, toMs: null });
    expect(secondPage.leads.map((entry) => entry.email)).toEqual(['bo@example.com']);
    expect((await storage.dashboard.listLeads({ q: 'AN', cursor: null, limit: 25, fromMs: null, toMs: null })).leads.map((entry) => entry.email)).toEqual([
      'ana@example.com',
    ]);
    expect((await storage.dashboard.listLeads({ q: 'bo', cursor: null, limit: 25, fromMs: clock - 500, toMs: null })).leads).toEqual([]);

    const id = Number(list.leads[0]?.id);
    const detail = await storage.dashboard.leadDetail(id);
    expect(detail?.submissions.map((submission) => submission.deliveries.map((delivery) => delivery.state))).toEqual([['pending'], ['pending']]);
    expect(detail?.submissions.map((submission) => submission.firstName)).toEqual(['Anna', 'Ana']);

    let csv = '';
    expect(await writeCsv(csvChunks(storage), (chunk) => (csv += chunk))).toBe(2);
    expect(csv.split('\r\n')[1]).toMatch(/^"ana@example\.com","Anna"/);
    let periodCsv = '';
    expect(await writeCsv(csvChunks(storage, { fromMs: clock - 1500, toMs: clock - 500 }), (chunk) => (periodCsv += chunk))).toBe(1);
    expect(periodCsv).toContain('bo@example.com');

    expect(await storage.dashboard.emailOfLead(id)).toBe('ana@example.com');
    expect(await storage.dashboard.eraseLead('ANA@example.com')).toEqual({ leads: 1, submissions: 2, pendingDeliveries: 2 });
    expect(await storage.dashboard.leadDetail(id)).toBeNull();
    expect(await storage.dashboard.eraseLead('ana@example.com')).toEqual({ leads: 0, submissions: 0, pendingDeliveries: 0 });
    expect((await storage.dashboard.leadStats(clock)).outbox.pending).toBe(1);
  });

  test('profile totals follow stored and erased submissions, by day in the analytics time zone', async () => {
    const storage = await start({ timeZone: 'Europe/Berlin' });
    await storage.leads.submit({ lead: lead('a@example.com', 'A', [1, 1, 1, 1, 1, 1, 1, 1, 1]), routing });
    await storage.leads.submit({ lead: lead('b@example.com', 'B', [3, 3, 3, 3, 3, 3, 3, 3, 3]), routing });
    const totals = await storage.funnel.readProfileTotals('2026-11-20', '2026-11-20');
    expect(totals.submissions).toBe(2);
    expect(totals.ratings[0]).toEqual([1, 0, 1]);
    expect(totals.patterns).toMatchObject({ allWeak: 1, allStrong: 1 });
    await storage.dashboard.eraseLead('a@example.com');
    expect((await storage.funnel.readProfileTotals('2026-11-20', '2026-11-20')).patterns).toMatchObject({ allWeak: 0, allStrong: 1 });
    expect((await storage.funnel.readProfileTotals('2026-11-21', '2026-11-30')).submissions).toBe(0);
  });

  test('a submission goes where its routing says: only those routed to the webhook get its outbox row, and each says what it queued', async () => {
    const storage = await start();
    const off = { webhook: false, email: false, tool: false };
    expect(await storage.leads.submit({ lead: lead('before@example.com'), routing: off })).toMatchObject({ queued: [] });
    expect(await storage.leads.submit({ lead: lead('while@example.com'), routing })).toMatchObject({ queued: ['webhook'] });
    // In one batch, each its own way.
    const batch = await Promise.all([storage.leads.submit({ lead: lead('after@example.com'), routing: off }), storage.leads.submit({ lead: lead('none@example.com') })]);
    expect(batch.map((result) => result.kind === 'stored' && result.queued)).toEqual([[], []]);
    const due = await storage.outbox.webhook.claimDue(clock, 10, 60_000);
    expect(due.map((row) => row.email)).toEqual(['while@example.com']);
  });

  test('the outbox: a claim leases its rows, outcomes are recorded under the lease, a lost lease records nothing', async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('a@example.com'), routing });
    await storage.leads.submit({ lead: lead('b@example.com'), routing });
    const claimed = await storage.outbox.webhook.claimDue(clock, 10, 60_000);
    expect(claimed.map((row) => row.email).sort()).toEqual(['a@example.com', 'b@example.com']);
    // Leased: not due again until the lease ends.
    expect(await storage.outbox.webhook.claimDue(clock, 10, 60_000)).toEqual([]);
    expect(await storage.outbox.webhook.nextDueAt()).toBe(clock + 60_000);
    const [a, b] = claimed;
    if (!a || !b) throw new Error('two rows were claimed');
    await storage.outbox.webhook.record([{ row: a, state: 'delivered', nextAttemptAt: null, status: 200, reply: null, now: clock }]);
    // The lease ends (the instance died): b is claimed again, and the old claim's outcome is ignored.
    const reclaimed = await storage.outbox.webhook.claimDue(clock + 60_000, 10, 60_000);
    expect(reclaimed.map((row) => row.message_id)).toEqual([b.message_id]);
    await storage.outbox.webhook.record([{ row: b, state: 'gone', nextAttemptAt: null, status: 410, reply: 'Gone', now: clock }]);
    const [again] = reclaimed;
    if (!again) throw new Error('b was reclaimed');
    await storage.outbox.webhook.record([{ row: again, state: 'pending', nextAttemptAt: clock + 120_000, status: 503, reply: 'upstream busy: try later', now: clock + 60_000 }]);
    expect(await storage.outbox.webhook.nextDueAt()).toBe(clock + 120_000);
    const deliveries = await storage.dashboard.listDeliveries({ filter: 'failing', cursor: null, limit: 10 });
    expect(deliveries.counts).toEqual({ pending: 1, failing: 1, gone: 0, expired: 0 });
    // With the receiver's answer, as recorded (the lost lease's "Gone" never was).
    expect(deliveries.deliveries.map((one) => [one.messageId, one.attempts, one.lastStatus, one.lastReply])).toEqual([[b.message_id, 1, 503, 'upstream busy: try later']]);
    // Each delivery names its lead: its submission, the first name and the address.
    expect(deliveries.deliveries[0]).toMatchObject({ submissionId: b.submission_id, leadFirstName: 'Ana', leadEmail: b.email });
    // "Retry now" while a round is sending it leaves it to that round: never sent twice at once.
    const [inFlight] = await storage.outbox.webhook.claimDue(clock + 120_000, 10, 60_000);
    expect(inFlight?.message_id).toBe(b.message_id);
    expect(await storage.dashboard.retryDelivery(Number(deliveries.deliveries[0]?.id), clock + 130_000)).toMatchObject({
      delivery: { nextAttemptAt: clock + 180_000 },
    });
    if (!inFlight) throw new Error('claimed');
    await storage.outbox.webhook.record([{ row: inFlight, state: 'pending', nextAttemptAt: clock + 200_000, status: 500, reply: null, now: clock + 125_000 }]);
    const retried = await storage.dashboard.retryDelivery(Number(deliveries.deliveries[0]?.id), clock + 70_000);
    expect(retried).toMatchObject({ delivery: { state: 'pending', nextAttemptAt: clock + 70_000 } });
    const delivered = (await storage.dashboard.listDeliveries({ filter: 'pending', cursor: null, limit: 10 })).deliveries;
    expect(delivered).toHaveLength(1);
    const all = await storage.dashboard.leadStats(clock);
    expect(all.outbox).toMatchObject({ pending: 1, delivered: 1 });
    // The Delivered filter: what the receiver took, with its answer.
    const took = await storage.dashboard.listDeliveries({ filter: 'delivered', cursor: null, limit: 10 });
    expect(took.deliveries.map((delivery) => [delivery.messageId, delivery.state, delivery.lastStatus, delivery.lastReply])).toEqual([[a.message_id, 'delivered', 200, null]]);
  });

  test('sessions, the password and the audit log', async () => {
    const storage = await start();
    expect(await storage.sessions.readPasswordHash()).toBeNull();
    await storage.sessions.storePasswordHash('scrypt$hash-1', clock);
    const id = await storage.sessions.insert('token-hash', clock, clock + 1000, clock - 1000, 'Safari on iPhone');
    expect(await storage.sessions.byTokenHash('token-hash')).toEqual({ id, createdAt: clock, lastSeenAt: clock, expiresAt: clock + 1000, browser: 'Safari on iPhone' });
    await storage.sessions.touch(id, clock + 500);
    expect((await storage.sessions.byTokenHash('token-hash'))?.lastSeenAt).toBe(clock + 500);
    // A new password ends every session.
    await storage.sessions.storePasswordHash('scrypt$hash-2', clock);
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$hash-2');
    expect(await storage.sessions.byTokenHash('token-hash')).toBeNull();

    // Each entry keeps the browser in words and when it signed in: the session itself is gone by now.
    const signedIn = { browser: 'Safari on iPhone', at: clock - 60_000 };
    await storage.audit.record('sign_in', { actor: 'dashboard', sessionId: id, signedIn }, clock);
    await storage.audit.record('export', { actor: 'command line' }, clock + 1);
    await storage.audit.record('sign_out', { actor: 'dashboard', sessionId: id, signedIn }, clock + 2);
    await storage.audit.record('setup_failed', { actor: 'dashboard', sessionId: null, signedIn: null }, clock + 3);
    const page = await storage.audit.list(null, 3);
    const safari = { browser: 'Safari on iPhone', at: new Date(clock - 60_000).toISOString() };
    expect(page.entries.map((entry) => [entry.action, entry.signedIn])).toEqual([['setup_failed', null], ['sign_out', safari], ['export', null]]);
    const at = new Date(clock).toISOString();
    const first = { at, action: 'sign_in', actor: 'dashboard', sessionId: id, signedIn: safari, fields: null, restoredFrom: null, settings: null };
    expect(await storage.audit.list(Number(page.nextCursor), 3)).toEqual({ entries: [first], nextCursor: null });
  });

  test('funnel counts add up across writes, by day, month and source', async () => {
    const storage = await start();
    const key = { step: 'landing', source: 'news', medium: '', campaign: '', referrer: '' } as const;
    await storage.funnel.addCounts([
      { day: '2026-10-31', key, count: 2 },
      { day: '2026-11-01', key, count: 3 },
      { day: '2026-11-01', key: { ...key, step: 'quiz_started' }, count: 1 },
    ]);
    await storage.funnel.addCounts([{ day: '2026-11-01', key, count: 4 }]);
    const funnel = await readFunnel(storage, '2026-10-31', '2026-11-30', 'UTC');
    expect(funnel.steps.slice(0, 2)).toEqual([
      { step: 'landing', count: 9 },
      { step: 'quiz_started', count: 1 },
    ]);
    expect(funnel.sources).toEqual([expect.objectContaining({ utmSource: 'news', counts: expect.objectContaining({ landing: 9, quiz_started: 1 }) })]);
  });

  test('any period sums the same counts, whether read from days or from months and days', async () => {
    const storage = await start();
    const counter = new FunnelCounter((rows) => storage.funnel.addCounts(rows), (error) => {
      throw error;
    });
    const days = daysBetween('2025-12-20', '2026-03-10');
    days.forEach((day, index) => {
      for (let i = 0; i <= index % 3; i += 1) counter.add(day, { step: 'landing', source: index % 2 ? 'a' : '', medium: '', campaign: '', referrer: '' });
    });
    await counter.close();
    const expected = (from: string, to: string) => days.filter((day) => day >= from && day <= to).reduce((sum, day) => sum + (days.indexOf(day) % 3) + 1, 0);
    for (const [from, to] of [
      ['2025-12-20', '2026-03-10'],
      ['2026-01-01', '2026-01-31'],
      ['2025-12-31', '2026-02-01'],
      ['2026-02-03', '2026-02-05'],
    ] as const) {
      const funnel = await readFunnel(storage, from, to, 'UTC');
      expect(funnel.steps[0]).toEqual({ step: 'landing', count: expected(from, to) });
      const bySource = funnel.sources.reduce((sum, source) => sum + source.counts.landing, 0);
      expect(bySource).toBe(expected(from, to));
      expect(funnel.daily).toHaveLength(days.filter((day) => day >= from && day <= to).length);
    }
  });

  test("the lead step is counted from stored submissions at commit, under the lead's source; a replay is not counted again", async () => {
    const storage = await start({ timeZone: 'Europe/Berlin' });
    const news = { source: 'news', medium: 'email', campaign: 'autumn', referrer: '' };
    await storage.leads.submit({ lead: lead('a@example.com'), idempotencyKey: 'key-a', source: news, routing });
    await storage.leads.submit({ lead: lead('a@example.com'), idempotencyKey: 'key-a', source: news, routing });
    await Promise.all([storage.leads.submit({ lead: lead('b@example.com'), source: news, routing }), storage.leads.submit({ lead: lead('c@example.com'), routing })]);
    expect(await storage.leads.submit({ lead: lead('d@example.com'), idempotencyKey: 'key-a', source: news, routing })).toEqual({ kind: 'key_conflict' });
    // 23:30 UTC is the next day in Berlin.
    clock = Date.UTC(2026, 10, 20, 23, 30);
    await storage.leads.submit({ lead: lead('e@example.com'), routing });
    const funnel = await readFunnel(storage, '2026-11-20', '2026-11-21', 'Europe/Berlin');
    expect(funnel.steps.find((step) => step.step === 'lead')).toEqual({ step: 'lead', count: 4 });
    expect((await storage.dashboard.leadStats(clock)).submissions).toBe(4);
    expect(funnel.daily.map((day) => day.counts.lead)).toEqual([3, 1]);
    expect(funnel.sources.find((source) => source.utmSource === 'news')?.counts.lead).toBe(2);
    expect(funnel.sources.find((source) => source.utmSource === null && source.referrerHost === null)?.counts.lead).toBe(2);
  });

  test(`a day adds at most ${NEW_FUNNEL_SOURCES_PER_DAY} new sources; beyond, new ones count as other sources, known ones as ever`, async () => {
    const storage = await start();
    const day = '2026-11-20';
    const source = (index: number) => ({ step: 'landing' as const, source: `made-up-${index}`, medium: '', campaign: '', referrer: '' });
    await storage.funnel.addCounts([{ day: '2026-11-19', key: source(-1), count: 1 }]);
    await storage.funnel.addCounts(Array.from({ length: NEW_FUNNEL_SOURCES_PER_DAY + 50 }, (_, index) => ({ day, key: source(index), count: 1 })));
    // A source known from an earlier day still counts as itself; so does one of today's first ones.
    await storage.funnel.addCounts([{ day, key: source(-1), count: 5 }, { day, key: source(0), count: 2 }]);
    // The cap is per day: the next day adds new sources again.
    await storage.funnel.addCounts([{ day: '2026-11-21', key: source(9_999), count: 1 }]);
    const funnel = await readFunnel(storage, '2026-11-19', '2026-11-21', 'UTC');
    expect(funnel.steps[0]).toEqual({ step: 'landing', count: 1 + NEW_FUNNEL_SOURCES_PER_DAY + 50 + 5 + 2 + 1 });
    const named = funnel.sources.reduce((sum, entry) => sum + entry.counts.landing, 0);
    expect(funnel.otherSources?.landing).toBe((funnel.steps[0]?.count ?? 0) - named);
    const own = await readFunnel(storage, '2026-11-21', '2026-11-21', 'UTC');
    expect(own.sources.map((entry) => entry.utmSource)).toEqual(['made-up-9999']);
    // 201 distinct rows for the day (200 new, the other bucket), however many made-up sources came.
    const rows = await storage.funnel.readCounts(day, day);
    expect(new Set(rows.sources.map((row) => JSON.stringify([row.utm_source, row.referrer_host]))).size).toBe(NEW_FUNNEL_SOURCES_PER_DAY + 2);
  });

  test('the sign-in throttle counts failures per key atomically, forgets a quiet count, clears and prunes', async () => {
    const storage = await start();
    expect(await storage.throttle.read(['client:a'])).toEqual(new Map());
    const counted = await Promise.all(Array.from({ length: 10 }, () => storage.throttle.addFailure('client:a', 1_000, 0)));
    expect(counted.map((entry) => entry.failures).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await storage.throttle.addFailure('device:x', 2_000, 0)).toEqual({ failures: 1, lastFailureAt: 2_000 });
    expect(await storage.throttle.read(['client:a', 'device:x', 'client:b'])).toEqual(
      new Map([
        ['client:a', { failures: 10, lastFailureAt: 1_000 }],
        ['device:x', { failures: 1, lastFailureAt: 2_000 }],
      ]),
    );
    // A count whose last failure is before `forgetBefore` starts again.
    expect(await storage.throttle.addFailure('client:a', 90_000, 50_000)).toEqual({ failures: 1, lastFailureAt: 90_000 });
    await storage.throttle.clear('device:x');
    await storage.throttle.prune(50_000);
    expect([...(await storage.throttle.read(['client:a', 'device:x'])).keys()]).toEqual(['client:a']);
    await storage.throttle.prune(100_000);
    expect(await storage.throttle.read(['client:a'])).toEqual(new Map());
  });

  test("a lead's detail shows the consent record stored with each submission; none for one stored without", async () => {
    const storage = await start();
    await storage.leads.submit({ lead: lead('c@example.com'), routing });
    clock += 1000;
    await storage.leads.submit({ lead: lead('c@example.com'), consent: { version: '57fc5c7d9fd7a995', wording: 'The notice.\nCheckbox: tips', marketing: true }, routing });
    const [listed] = (await storage.dashboard.listLeads({ q: '', cursor: null, limit: 25, fromMs: null, toMs: null })).leads;
    const detail = await storage.dashboard.leadDetail(Number(listed?.id));
    expect(detail?.submissions.map(({ consentVersion, consentWording, marketingConsent, marketingConfirmedAt, submittedAt }) => ({ consentVersion, consentWording, marketingConsent, marketingConfirmedAt, submittedAt }))).toEqual([
      { consentVersion: '57fc5c7d9fd7a995', consentWording: 'The notice.\nCheckbox: tips', marketingConsent: true, marketingConfirmedAt: null, submittedAt: clock },
      { consentVersion: null, consentWording: null, marketingConsent: null, marketingConfirmedAt: null, submittedAt: clock - 1000 },
    ]);
  });

  test('a health write is accepted, again and again', async () => {
    const storage = await start();
    await storage.leads.probeWrite(clock);
    await storage.leads.probeWrite(clock + 1);
  });

  test('settings: a write is its rows, its picture and its audit entry in one transaction, and raises the revision', async () => {
    const storage = await start();
    expect(await storage.settings.readRevision()).toBe(0);
    expect(await storage.settings.readSettings()).toEqual({ revision: 0, values: {} });
    const who = { actor: 'dashboard', sessionId: 7, signedIn: null } as const;
    const audit = (fields: string[]) => ({ action: 'settings_changed' as const, who, fields });
    const png = { hash: 'a'.repeat(64), contentType: 'image/png' as const, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) };

    expect(await storage.settings.writeSettings({ changes: { coachName: '"Dana"', courseUrl: '"https://dana.example/"' }, audit: audit(['coachName', 'courseUrl']), now: clock })).toBe(1);
    expect(await storage.settings.writeSettings({ changes: { coachPhoto: `{"hash":"${'a'.repeat(64)}"}` }, picture: png, audit: audit(['coachPhoto']), now: clock })).toBe(2);
    expect(await storage.settings.readSettings()).toEqual({
      revision: 2,
      values: { coachName: '"Dana"', courseUrl: '"https://dana.example/"', coachPhoto: `{"hash":"${'a'.repeat(64)}"}` },
    });
    expect(await storage.settings.readPicture('a'.repeat(64))).toEqual(png);

    // Back to the default, and a new picture: the old one stays for the version that shows it.
    const next = { ...png, hash: 'b'.repeat(64), bytes: Buffer.from([1, 2, 3]) };
    await storage.settings.writeSettings({ changes: { courseUrl: null, coachPhoto: `{"hash":"${'b'.repeat(64)}"}` }, picture: next, audit: audit(['courseUrl', 'coachPhoto']), now: clock });
    expect((await storage.settings.readSettings()).values).toEqual({ coachName: '"Dana"', coachPhoto: `{"hash":"${'b'.repeat(64)}"}` });
    expect(await storage.settings.readPicture('a'.repeat(64))).toEqual(png);
    expect(await storage.settings.readPicture('b'.repeat(64))).toEqual(next);
    await storage.settings.writeSettings({ changes: { coachPhoto: null }, picture: null, audit: audit(['coachPhoto']), now: clock });
    expect((await storage.settings.readSettings()).values).toEqual({ coachName: '"Dana"' });

    const { entries } = await storage.audit.list(null, 10);
    expect(entries.map((entry) => [entry.action, entry.sessionId, entry.fields])).toEqual([
      ['settings_changed', 7, ['coachPhoto']],
      ['settings_changed', 7, ['courseUrl', 'coachPhoto']],
      ['settings_changed', 7, ['coachPhoto']],
      ['settings_changed', 7, ['coachName', 'courseUrl']],
    ]);
    expect(await storage.settings.readRevision()).toBe(4);
  });

  test('settings: writes from two connections at once each get their own revision', async () => {
    const storage = await start();
    const audit = { action: 'settings_changed' as const, who: { actor: 'command line' } as const, fields: ['coachName'] };
    const revisions = await Promise.all(
      Array.from({ length: 5 }, (_, index) => storage.settings.writeSettings({ changes: { coachName: `"${index}"` }, audit, now: clock })),
    );
    expect([...revisions].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  test('set-up codes: a wrong, an expired and a good code, once; a password set any way ends them all', async () => {
    const storage = await start();
    await storage.setupCodes.insert('good', clock + 1000);
    await storage.setupCodes.insert('old', clock - 1);
    await storage.setupCodes.insert('other', clock + 1000);
    expect(await storage.setupCodes.find('good')).toEqual({ hash: 'good', expiresAt: clock + 1000 });
    expect(await storage.setupCodes.use('nope', 'scrypt$x', clock)).toBe('wrong');
    expect(await storage.setupCodes.use('old', 'scrypt$x', clock)).toBe('expired');
    expect(await storage.sessions.readPasswordHash()).toBeNull();
    expect(await storage.setupCodes.use('good', 'scrypt$new', clock)).toBe('set');
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$new');
    expect(await storage.setupCodes.find('other')).toBeNull();
    expect(await storage.setupCodes.use('good', 'scrypt$again', clock)).toBe('password_set');
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$new');

    await storage.setupCodes.insert('late', clock + 1000);
    await storage.sessions.storePasswordHash('scrypt$cli', clock);
    expect(await storage.setupCodes.find('late')).toBeNull();
  });

  test('a new analytics time zone rebuilds the profile aggregate by day in it, and later leads follow it', async () => {
    const storage = await start();
    // 23:30 UTC on the 20th is already the 21st in Berlin (UTC+1 in November).
    clock = Date.UTC(2026, 10, 20, 23, 30);
    await storage.leads.submit({ lead: lead('late@example.com', 'Late', [1, 1, 1, 1, 1, 1, 1, 1, 1]), routing });
    expect((await storage.funnel.readProfileTotals('2026-11-20', '2026-11-20')).submissions).toBe(1);
    await storage.funnel.useProfileTimeZone('Europe/Berlin');
    expect((await storage.funnel.readProfileTotals('2026-11-20', '2026-11-20')).submissions).toBe(0);
    expect((await storage.funnel.readProfileTotals('2026-11-21', '2026-11-21')).submissions).toBe(1);
    await storage.leads.submit({ lead: lead('later@example.com', 'Later', [3, 3, 3, 3, 3, 3, 3, 3, 3]), routing });
    expect((await storage.funnel.readProfileTotals('2026-11-21', '2026-11-21')).patterns).toMatchObject({ allWeak: 1, allStrong: 1 });
    // Asked again for the zone it is in: nothing to do, nothing lost.
    await storage.funnel.useProfileTimeZone('Europe/Berlin');
    expect((await storage.funnel.readProfileTotals('2026-11-21', '2026-11-21')).submissions).toBe(2);
  });
});
