import { afterEach, expect, test, vi } from 'vitest';
import { SqliteStorage } from '../storage/sqlite/storage';
import { tempDir, testLead } from '../test/helpers';
import { timerClock } from '../test/manual-clock';
import { startLocalReceiver } from '../test/webhook-receiver';
import { WebhookOutbox } from '../webhooks/outbox';
import { webhookTarget } from '../webhooks/target';
import { IntakeGauge, intakeTimings } from './intake';

const secret = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

test.each([
  [[], false],
  [[intakeTimings.busyLeads], false],
  [[intakeTimings.busyLeads + 1], true],
  [[intakeTimings.busyLeads + 1, 'next window'], true],
  [[intakeTimings.busyLeads + 1, 'next window', 'next window'], false],
  [[intakeTimings.busyLeads + 1, 'two windows later'], false],
] as const)('leads stored %j: the intake is busy: %s', (steps, busy) => {
  const clock = timerClock(0);
  const gauge = new IntakeGauge(clock);
  for (const step of steps) {
    if (step === 'next window') clock.advance(intakeTimings.windowMs);
    else if (step === 'two windows later') clock.advance(2 * intakeTimings.windowMs);
    else gauge.stored(step);
  }
  expect(gauge.busy()).toBe(busy);
});

/** A whole second after now: the leads (stored by the real clock) are due by then. */
const afterNow = () => Math.ceil(Date.now() / 1000) * 1000 + 1000;

/**
 * Three leads queued for the webhook, and its loop on a fake clock, told by a gauge whether the
 * intake is busy; started just as a burst of 200 leads was stored.
 */
async function startedInBurst() {
  const clock = timerClock(afterNow());
  const gauge = new IntakeGauge(clock);
  const receiver = await startLocalReceiver();
  const storage = SqliteStorage.open(tempDir(), {});
  const routing = { webhook: true, email: false, tool: false };
  for (const name of ['Ana', 'Bo', 'Cy']) await storage.leads.submit({ lead: testLead(`${name.toLowerCase()}@example.com`, name), routing });
  const target = webhookTarget(receiver.url, secret);
  const loop = new WebhookOutbox({ queue: storage.outbox.webhook, target: () => target, log: quiet, clock, intake: gauge });
  stops.push(async () => {
    await loop.stop();
    await loop.close();
    await storage.close();
  });
  const pending = async () => (await storage.dashboard.leadStats(clock.now())).outbox.pending;
  /** When each delivery was sent, by the fake clock (its webhook-timestamp, in seconds). */
  const sentAt = () => receiver.requests.map((request) => Number(request.headers['webhook-timestamp']) * 1000);
  const start = clock.now();
  gauge.stored(200);
  loop.start();
  return { clock, gauge, loop, pending, sentAt, start };
}

test('a burst of leads holds the webhook back; once it eases, every lead queued meanwhile is sent', async () => {
  const { clock, gauge, loop, pending, sentAt, start } = await startedInBurst();
  // Two seconds of 240 leads a second: each look finds the intake busy, claims nothing, and looks again a little later.
  for (let step = 0; step < 8; step += 1) {
    clock.advance(intakeTimings.recheckMs);
    expect(clock.pending()).toEqual([clock.now() + intakeTimings.recheckMs]);
    gauge.stored(60);
  }
  loop.wake();
  expect(clock.pending()).toEqual([clock.now() + intakeTimings.recheckMs]);
  expect(await pending()).toBe(3);
  // The burst is over: the intake is quiet within two windows, and the next look sends all three.
  const eased = clock.now();
  while (gauge.busy()) clock.advance(intakeTimings.recheckMs);
  expect(clock.now() - eased).toBeLessThanOrEqual(2 * intakeTimings.windowMs);
  clock.advance(intakeTimings.recheckMs);
  await vi.waitFor(async () => expect(await pending()).toBe(0));
  expect(sentAt()).toHaveLength(3);
  for (const at of sentAt()) expect(at).toBeGreaterThanOrEqual(Math.floor(eased / 1000) * 1000);
  expect(Math.max(...sentAt()) - start).toBeLessThanOrEqual(eased - start + 3 * intakeTimings.windowMs);
});

test('a burst that goes on holds the webhook back for a minute at most; then it is sent meanwhile', async () => {
  const { clock, gauge, pending, sentAt, start } = await startedInBurst();
  while (clock.now() - start <= intakeTimings.maxDeferMs) {
    gauge.stored(60);
    clock.advance(intakeTimings.recheckMs);
    if (clock.now() - start < intakeTimings.maxDeferMs) expect(clock.pending()).toEqual([clock.now() + intakeTimings.recheckMs]);
  }
  expect(sentAt()).toHaveLength(0);
  await vi.waitFor(async () => expect(await pending()).toBe(0));
  expect(gauge.busy()).toBe(true);
  expect(sentAt()).toHaveLength(3);
  for (const at of sentAt()) expect(at - start).toBeGreaterThanOrEqual(intakeTimings.maxDeferMs);
});
