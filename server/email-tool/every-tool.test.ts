/**
 * Issue 30's "what it must show", per tool, through the running app (a real server on 127.0.0.1,
 * `startApp`) against each tool's fake: the coach saves the tool on the dashboard with a revoked key
 * and the first lead pauses the channel, which the Deliveries API (the Deliveries screen, and the
 * settings section's status line) shows with the tool's answer; a working key saved, the lead lands
 * with its first name and default tags; a retake changes them (a tag the coach set by hand stays);
 * erasing the person on the dashboard deletes the contact (unsubscribes it in Kit), and the
 * Deliveries API and the audit log say which.
 *
 * The app's clock moves only when its loops wait on it: to a pacer's slot or a short back-off (at
 * most JUMP_MS ahead), never to an attempt's time limit, so the vendors' limits (ActiveCampaign's 5
 * requests a second) pass at once, and the fakes count their limits on the same clock.
 */
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import type { AuditLogResponse } from '../../src/shared/coach-api/audit';
import type { DeliveriesResponse, DeliveryFilter } from '../../src/shared/coach-api/deliveries';
import type { EraseResponse, LeadListResponse } from '../../src/shared/coach-api/leads';
import { coachApi, leadPath } from '../../src/shared/coach-api/routes';
import type { ToolEraseResult } from '../../src/shared/delivery-kinds';
import { maskedEmail } from '../../src/shared/masked-email';
import { signedInOver, type CoachRequest } from '../test/coach-session';
import { postLead, type RunningApp, startApp, testConfig } from '../test/helpers';
import { steppingClock } from '../test/stepping-clock';
import type { ToolName } from './connector';
import { startActiveCampaignFake } from './fakes/activecampaign-fake';
import { startBrevoFake } from './fakes/brevo-fake';
import type { FakeServer } from './fakes/fake-server';
import { startKitFake } from './fakes/kit-fake';
import { startMailchimpFake } from './fakes/mailchimp-fake';
import { startMailerLiteFake } from './fakes/mailerlite-fake';
import { FIRST_BACKOFF_MS } from './pacer';

/** The first answers: three drivers need support, one is a strength. */
const firstRatings = [1, 1, 2, 1, 2, 2, 2, 2, 3];
const firstTags = [
  'Core Drivers quiz',
  'Needs support: Impulse Control',
  'Needs support: Task Initiation',
  'Needs support: Working Memory',
  'Pattern: Strong and needs support',
  'Strength: Self-Monitoring',
];
/** The retake: no driver needs support any more, another is a strength, the pattern changes. */
const retakeRatings = [2, 2, 3, 2, 2, 2, 2, 2, 3];
const retakeTags = ['Core Drivers quiz', 'Pattern: Mixed', 'Strength: Emotional Regulation', 'Strength: Self-Monitoring'];

/** The contact as the tool shows it: its first name, its labels (tags, groups or lists), whether it is subscribed. */
type Contact = { firstName: string | null; labels: string[]; subscribed: boolean };

type ToolUnderTest = {
  fake: FakeServer;
  key: string;
  /** The list, audience, group or form every lead joins (the tool's own id), or none. */
  list: string | null;
  contact: (email: string) => Contact | null;
  /** A label the coach sets on the contact in the tool itself; a retake leaves it. */
  setByHand: (email: string) => string;
};

type Case = {
  tool: ToolName;
  start: (now: () => number) => Promise<ToolUnderTest>;
  /** What the tool answers a revoked key, as the dashboard shows it. */
  refusal: { status: number; detail: string };
  /** Labels the coach's list adds where the tool's labels are lists or groups too. */
  listLabels: string[];
  erased: ToolEraseResult;
};

const cases: Case[] = [
  {
    tool: 'kit',
    start: async (now) => {
      const fake = await startKitFake({ keys: ['kit-key'], now });
      return {
        fake,
        key: 'kit-key',
        list: '501',
        contact: (email) => {
          const found = fake.subscriber(email);
          return found && { firstName: found.firstName, labels: found.tags, subscribed: found.state === 'active' };
        },
        setByHand: (email) => (fake.tagByHand(email, 'VIP client'), 'VIP client'),
      };
    },
    refusal: { status: 401, detail: 'The access token is invalid' },
    listLabels: [],
    erased: 'unsubscribed',
  },
  {
    tool: 'mailerlite',
    start: async (now) => {
      const fake = await startMailerLiteFake({ keys: ['ml-key'], now });
      return {
        fake,
        key: 'ml-key',
        list: '900',
        contact: (email) => {
          const found = fake.subscriber(email);
          return found && { firstName: found.fields.name ?? null, labels: found.groups, subscribed: found.status === 'active' };
        },
        setByHand: (email) => (fake.groupByHand(email, 'VIP client'), 'VIP client'),
      };
    },
    refusal: { status: 401, detail: 'Unauthenticated.' },
    listLabels: ['Newsletter'],
    erased: 'deleted',
  },
  {
    tool: 'mailchimp',
    start: async () => {
      const fake = await startMailchimpFake({ keys: ['mc-key-us21'] });
      return {
        fake,
        key: 'mc-key-us21',
        list: 'a1b2c3',
        contact: (email) => {
          const found = fake.member('a1b2c3', email);
          return found && { firstName: found.mergeFields.FNAME ?? null, labels: found.tags, subscribed: found.status === 'subscribed' };
        },
        setByHand: (email) => (fake.tagByHand('a1b2c3', email, 'VIP client'), 'VIP client'),
      };
    },
    refusal: { status: 401, detail: "API Key Invalid: Your API key may be invalid, or you've attempted to access the wrong datacenter." },
    listLabels: [],
    erased: 'deleted',
  },
  {
    tool: 'activecampaign',
    start: async (now) => {
      // ActiveCampaign's own limit, 5 requests a second for the account: the app's pacer keeps under it.
      const fake = await startActiveCampaignFake({ keys: ['ac-key'], now });
      return {
        fake,
        key: 'ac-key',
        list: '2',
        contact: (email) => {
          const found = fake.contact(email);
          return found && { firstName: found.firstName, labels: found.tags, subscribed: found.lists['2'] === 1 };
        },
        setByHand: (email) => (fake.tagByHand(email, 'VIP client'), 'VIP client'),
      };
    },
    refusal: { status: 403, detail: 'No Result found for Subscriber with id 0' },
    listLabels: [],
    erased: 'deleted',
  },
  {
    tool: 'brevo',
    start: async (now) => {
      const fake = await startBrevoFake({ keys: ['xkeysib-good'], now });
      return {
        fake,
        key: 'xkeysib-good',
        list: '2',
        contact: (email) => {
          const found = fake.contact(email);
          return found && { firstName: found.attributes.FIRSTNAME ?? null, labels: found.lists, subscribed: !found.emailBlacklisted };
        },
        setByHand: (email) => (fake.addToListByHand(email, 'Course waitlist'), 'Course waitlist'),
      };
    },
    refusal: { status: 401, detail: 'Key not found' },
    listLabels: ['Newsletter'],
    erased: 'deleted',
  },
];

/** The clock jumps at most this far ahead: a pacer's slot, the back-off after a refused key; never an attempt's limit (10 s). */
const JUMP_MS = FIRST_BACKOFF_MS;
/** A step not done by then has failed (before the test's own limit, so the failure names it). */
const GIVE_UP_MS = 15_000;

/**
 * One app for every tool (its start is most of the file's time), with no tool set at first: each
 * case sets its own on the dashboard, and leaves nobody behind (its person erased, or, should it fail
 * half-way, the tool unset and the person erased, so no waiting delivery reaches the next tool).
 */
const clock = steppingClock(Date.UTC(2026, 10, 26, 9));
let running: RunningApp;
let coach: CoachRequest;
beforeAll(async () => {
  running = await startApp(testConfig({ rateLimit: { max: 1000, windowMs: 60_000 } }), { clock });
  coach = await signedInOver(running.app, running.url);
});
afterAll(() => running.app.close());

/**
 * Lets the app's loops run until `done()` holds: the clock jumps to its next timer when that is at
 * most JUMP_MS ahead (every loop waits on it); otherwise a request is on its way, and real time passes.
 */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const giveUpAt = performance.now() + GIVE_UP_MS;
  while (!(await done())) {
    if (performance.now() > giveUpAt) throw new Error(`Still waiting after ${GIVE_UP_MS / 1000} s: ${what}`);
    const next = clock.nextAt();
    if (next !== null && next <= clock.now() + JUMP_MS) await clock.advanceTo(next);
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function json<T>(response: Promise<Response>): Promise<T> {
  const answered = await response;
  expect(answered.status).toBe(200);
  return (await answered.json()) as T;
}

/** What the Deliveries screen shows: the e-mail tool's status, and the deliveries in one state of this person (by their masked address). */
async function deliveries(state: DeliveryFilter, email: string) {
  const page = await json<DeliveriesResponse>(coach('GET', `${coachApi.deliveries}?state=${state}`));
  return { ...page, deliveries: page.deliveries.filter((delivery) => delivery.leadMaskedEmail === maskedEmail(email)) };
}
const nothingPending = async () => (await json<DeliveriesResponse>(coach('GET', `${coachApi.deliveries}?state=pending`))).counts.pending === 0;
const leadsOf = async (email: string) => (await json<LeadListResponse>(coach('GET', `${coachApi.leads}?q=${encodeURIComponent(email)}`))).leads;

async function submit(email: string, ratings: number[]): Promise<void> {
  expect((await postLead(running.url, { email, firstName: 'Ana', ratings })).status).toBe(201);
}

for (const { tool, start, refusal, listLabels, erased } of cases) {
  test(`${tool}: a revoked key pauses the channel and is shown; a working key delivers the lead with its tags; a retake changes them; an erase leaves it ${erased}`, async () => {
    const { fake, key, list, contact, setByHand } = await start(clock.now);
    // Each tool's person has an address of their own, masked apart from the others' on the Deliveries screen.
    const address = `ana@${tool}.example`;
    onTestFinished(async () => {
      await json(coach('PATCH', coachApi.settings, { emailTool: null, emailToolApiKey: null, emailToolApiUrl: null, emailToolList: null }));
      for (const lead of await leadsOf(address)) await json(coach('DELETE', leadPath(lead.id)));
      await fake.close();
    });
    expect(await nothingPending()).toBe(true);
    const save = (apiKey: string) => json(coach('PATCH', coachApi.settings, { emailTool: tool, emailToolApiKey: apiKey, emailToolApiUrl: fake.url, emailToolList: list }));

    // A revoked key saved on the dashboard: the first lead's push is refused, the channel pauses, and says why.
    await save('revoked-key-us21');
    const refusedAt = clock.now();
    await submit(address, firstRatings);
    await until('the channel paused, the lead waiting', async () => {
      const failing = await deliveries('failing', address);
      return failing.emailToolPaused !== null && failing.deliveries.length > 0;
    });
    const paused = await deliveries('failing', address);
    expect(paused.emailToolPaused).toEqual({ ...refusal, since: new Date(refusedAt).toISOString() });
    expect(paused.deliveries).toEqual([expect.objectContaining({ channel: 'tool', event: 'lead.submitted', state: 'pending', attempts: 1, lastStatus: refusal.status })]);
    expect(contact(address)).toBeNull();

    // A working key saved: the pause lifts at once, and the waiting lead lands with its first name and tags.
    await save(key);
    expect((await deliveries('failing', address)).emailToolPaused).toBeNull();
    await until('the lead delivered', nothingPending);
    expect(contact(address)).toEqual({ firstName: 'Ana', labels: [...firstTags, ...listLabels].sort(), subscribed: true });
    // (ActiveCampaign's first push needs more requests than its limit lets into one attempt: it goes on in the next.)
    expect((await deliveries('delivered', address)).deliveries).toEqual([expect.objectContaining({ channel: 'tool', event: 'lead.submitted', state: 'delivered', lastStatus: 200 })]);

    // A retake: the tags that no longer apply leave, the new ones come, the coach's own stays.
    const byHand = setByHand(address);
    await submit(address, retakeRatings);
    await until('the retake delivered', nothingPending);
    expect(contact(address)).toEqual({ firstName: 'Ana', labels: [...retakeTags, ...listLabels, byHand].sort(), subscribed: true });

    // Erased on the dashboard: the tool is told through the outbox; the Deliveries screen and the audit log say what it did.
    const [lead] = await leadsOf(address);
    expect(await json<EraseResponse>(coach('DELETE', leadPath(lead?.id ?? '')))).toEqual({ erased: { submissions: 2, pendingDeliveries: 0 }, emailTool: 'queued' });
    await until('the erase told', nothingPending);
    expect(contact(address)).toEqual(erased === 'deleted' ? null : expect.objectContaining({ subscribed: false }));
    expect((await deliveries('delivered', address)).deliveries).toEqual([
      expect.objectContaining({ channel: 'tool', event: 'erase', leadId: null, erase: { tool, result: erased, retryable: false } }),
    ]);
    const audit = await json<AuditLogResponse>(coach('GET', coachApi.audit));
    expect(audit.entries.slice(0, 2)).toMatchObject([
      { action: erased === 'deleted' ? 'email_tool_deleted' : 'email_tool_unsubscribed', actor: 'server' },
      { action: 'erase', actor: 'dashboard' },
    ]);
  });
}
