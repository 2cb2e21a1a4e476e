/**
 * The e-mail channel keeps the outbox's invariant, as the webhook does (server/outbox/delivery-loop.ts):
 * no attempt outlives its lease. A mail server that accepts the connection and never greets, two
 * instances sharing the queue, the shortest lease (5 s): the attempt ends, and is recorded, before
 * the lease ends, and the other instance never sends the e-mail meanwhile.
 */
import { createServer, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { LEASE_MARGIN_MS, roundPlan } from '../outbox/delivery-loop';
import { manualClock } from '../test/manual-clock';
import { postLead, type RunningApp, sqliteDb, startApp, testConfig, validLead } from '../test/helpers';
import { roundWhileAnotherLooks } from '../test/lease-round';
import { sampleEmailTask } from '../test/results-email-sample';
import { mailStateOf } from './mail-config';
import { createMailer } from './mailer';
import { MailOutbox, type MailTransport } from './mail-outbox';
import { startEmailRenderer } from './renderer';

let running: RunningApp | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await running?.app.close();
  running = undefined;
});

test('with two instances and the shortest lease (5 s), an attempt at a silent mail server ends and is recorded before its lease ends; the other instance never sends it meanwhile', async () => {
  // Accepts every connection and never says a word; notes when the sender gave up.
  const connections: { at: number; closedAt: number | null }[] = [];
  const open = new Set<Socket>();
  const silent = createServer((socket) => {
    const connection = { at: Date.now(), closedAt: null as number | null };
    connections.push(connection);
    open.add(socket);
    socket.once('close', () => (connection.closedAt = Date.now()));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
  cleanups.push(() => open.forEach((socket) => socket.destroy()));
  const smtpUrl = `smtp://127.0.0.1:${(silent.address() as { port: number }).port}`;
  const publicUrl = 'https://quiz.example';

  // The app's own loop runs on a manual clock (it never sends by itself); two instances share its queue.
  running = await startApp(testConfig({ publicUrl, environmentSettings: { smtpUrl, mailFrom: 'coach@coach.example' } }), { clock: manualClock(Date.now()) });
  expect((await postLead(running.url, validLead)).status).toBe(201);
  const state = mailStateOf(smtpUrl, 'coach@coach.example', publicUrl);
  if (!state.on) throw new Error(state.missing);
  const leaseMs = 5_000;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // The render thread's first start (a worker loading React: seconds on a busy machine) is not what
  // this test measures, and an attempt cut while it starts never reaches the mail server: the thread
  // the two instances write with has written an e-mail before the round.
  const renderer = startEmailRenderer();
  cleanups.push(() => renderer.close());
  await renderer.write(sampleEmailTask);
  const instance = () => {
    const transport: MailTransport = { settings: state.settings, mailer: createMailer(state.settings, { attemptLimitMs: roundPlan(leaseMs).attemptLimitMs, maxConnections: 1 }) };
    const outbox = new MailOutbox({
      queue: running?.app.storage.outbox.email ?? (undefined as never),
      links: running?.app.storage.links ?? (undefined as never),
      transport: () => transport,
      content: { publicUrl, profileLinkDays: 90, live: () => ({ coachName: null, courseUrl: 'https://coach.example/course', helpLine: null, timeZone: 'UTC' }) },
      log,
      leaseMs,
      renderer,
    });
    cleanups.push(() => transport.mailer.close());
    return outbox;
  };
  const [first, second] = [instance(), instance()];

  const claimedAt = Date.now();
  const round = first.deliverDue();
  let roundEnded = false;
  void round.then(
    () => (roundEnded = true),
    () => (roundEnded = true),
  );
  while (connections.length === 0 && !roundEnded) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(connections, 'the attempt reached the mail server before its round ended').toHaveLength(1);
  const leaseEnd = (sqliteDb(running.app).prepare("SELECT next_attempt_at FROM outbox WHERE channel = 'email'").get() as { next_attempt_at: number }).next_attempt_at;
  expect(leaseEnd).toBeGreaterThanOrEqual(claimedAt + leaseMs);
  // Meanwhile the second instance looks again and again: the row is leased, it sends nothing.
  const { summary, recordedAt } = await roundWhileAnotherLooks(round, second);
  expect(summary).toMatchObject({ retrying: 1 });
  expect(connections).toHaveLength(1);
  // The connection's close reaches the server a moment after the sender ended it.
  await expect.poll(() => connections[0]?.closedAt, { timeout: 2_000, interval: 20 }).not.toBeNull();
  const closedAt = connections[0]?.closedAt ?? Number.POSITIVE_INFINITY;
  console.info(`silent mail server: connection closed ${closedAt - (connections[0]?.at ?? 0)} ms after it opened; lease ended ${leaseEnd - claimedAt} ms after the claim`);
  expect(closedAt).toBeLessThanOrEqual(leaseEnd - LEASE_MARGIN_MS + 500);
  expect(recordedAt).toBeLessThan(leaseEnd);
  expect(sqliteDb(running.app).prepare("SELECT state, attempts, lease FROM outbox WHERE channel = 'email'").get()).toEqual({ state: 'pending', attempts: 1, lease: null });
});
