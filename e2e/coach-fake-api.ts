/**
 * A stand-in for the coach API (src/shared/coach-api/) inside the browser, for checking every
 * dashboard screen in states the real flow rarely reaches in a test: failing deliveries, a consent
 * record, several pages of leads, throttled sign-in. Typed with the contract, so it cannot drift from
 * it. The real API is exercised end to end by coach-dashboard.spec.ts.
 */
import { maskedEmail } from '../src/shared/masked-email';
import type { Page, Route } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { summarizePattern } from '../src/shared/insights';
import type { AuditAction, AuditEntry, AuditLogResponse } from '../src/shared/coach-api/audit';
import type { DeliveriesResponse } from '../src/shared/coach-api/deliveries';
import type { FunnelResponse, StepCounts } from '../src/shared/coach-api/funnel';
import type { LeadDetail, LeadListResponse, LeadSummary } from '../src/shared/coach-api/leads';
import type { OffersReport } from '../src/shared/coach-api/offers';
import type { ProfilesResponse } from '../src/shared/coach-api/profiles';
import type { CoachApiError } from '../src/shared/coach-api/routes';
import type { SessionStatus, SetupStatus } from '../src/shared/coach-api/session';
import type { Rating } from '../src/shared/constants';
import { funnelSteps } from '../src/shared/funnel';

export const fakePassword = 'correct horse battery staple';

const today = new Date().toISOString().slice(0, 10);
const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

function counts(landing: number): StepCounts {
  // A plausible funnel: each step keeps most of the one before.
  const keep = [1, 0.62, 0.95, 0.93, 0.9, 0.94, 0.9, 0.96, 0.95, 0.97, 0.98, 0.9, 0.41, 0.3];
  let value = landing;
  return Object.fromEntries(
    funnelSteps.map((step, index) => {
      value = Math.round(value * (keep[index] ?? 1));
      return [step, value];
    }),
  ) as StepCounts;
}

function sum(list: StepCounts[]): StepCounts {
  return Object.fromEntries(funnelSteps.map((step) => [step, list.reduce((total, item) => total + (item[step] ?? 0), 0)])) as StepCounts;
}

function funnel(from: string, to: string): FunnelResponse {
  const daily = Array.from({ length: 30 }, (_, index) => {
    const date = dayBefore(29 - index);
    return { date, counts: counts(20 + ((index * 37) % 23) + (index % 7 === 5 ? 25 : 0)) };
  });
  const total = sum(daily.map((day) => day.counts));
  return {
    from,
    to,
    timeZone: 'UTC',
    steps: funnelSteps.map((step) => ({ step, count: total[step] ?? 0 })),
    daily,
    sources: [
      { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'autumn-2026', referrerHost: null, counts: counts(412) },
      { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: 'www.instagram.com', counts: counts(201) },
      { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null, counts: counts(118) },
    ],
    otherSources: counts(31),
  };
}

const ratingsOf = (digits: string) => [...digits].map(Number) as Rating[];
const people = [
  ['Ana', 'ana.lopez@example.com', '113121312'],
  ['Ben', 'ben@example.org', '333233323'],
  ['Chioma', 'chioma.okafor+quiz@example.net', '111112111'],
  ['Dana', 'dana@example.com', '222222222'],
  ['Eitan', 'eitan@example.com', '321321321'],
] as const;

function leadSummary([firstName, email, digits]: (typeof people)[number], index: number): LeadSummary {
  const ratings = ratingsOf(digits);
  const named = ratings.map((rating, driver) => ({ rating, name: coreDrivers[driver]?.shortName ?? '' }));
  return {
    id: `lead-${index}`,
    email,
    firstName,
    ratings,
    pattern: summarizePattern(coreDrivers.map((driver, i) => ({ id: driver.id, rating: ratings[i] ?? 2 }))).rule,
    weakDrivers: named.filter((item) => item.rating === 1).map((item) => item.name),
    strongDrivers: named.filter((item) => item.rating === 3).map((item) => item.name),
    submittedAt: new Date(Date.now() - (index + 1) * 3_600_000 * 7).toISOString(),
  };
}

const leads = people.map(leadSummary);

/** A lead with two submissions: the latest, with its consent and deliveries, and one a month before (axe's landmark-unique). */
function leadDetail(lead: LeadSummary): LeadDetail {
  const latest = latestSubmission(lead);
  const earlier = { ...latest, submittedAt: new Date(Date.parse(lead.submittedAt) - 30 * 86_400_000).toISOString(), consent: null, deliveries: [] };
  return { id: lead.id, email: lead.email, firstName: lead.firstName, firstSubmittedAt: earlier.submittedAt, submissions: [latest, earlier] };
}

function latestSubmission(lead: LeadSummary): LeadDetail['submissions'][number] {
  const drivers = coreDrivers.map((driver, i) => ({ id: driver.id, rating: lead.ratings[i] ?? 2 }));
  return {
    submittedAt: lead.submittedAt,
    ratings: coreDrivers.map((driver, i) => ({ driverId: driver.id, driver: driver.shortName, rating: lead.ratings[i] ?? 2 })),
    pattern: lead.pattern,
    summary: summarizePattern(drivers).text,
    weakDrivers: lead.weakDrivers,
    strongDrivers: lead.strongDrivers,
    consent: {
      version: '57fc5c7d9fd7a995',
      wording: 'We’ll e-mail you your insights.\nPrivacy policy: https://coach.example/privacy\nCheckbox (unticked at first): Yes, send me tips.',
      marketingConsent: true,
      requestedAt: lead.submittedAt,
      confirmedAt: new Date(Date.parse(lead.submittedAt) + 3_600_000).toISOString(),
    },
    deliveries: [
      {
        id: `delivery-${lead.id}`,
        channel: 'webhook',
        event: 'lead.submitted',
        webhookId: `msg_${lead.id}`,
        state: 'pending',
        attempts: 3,
        createdAt: lead.submittedAt,
        lastAttemptAt: new Date(Date.now() - 600_000).toISOString(),
        lastStatus: 503,
        lastReply: 'Service Unavailable: upstream busy, try again later',
        nextAttemptAt: new Date(Date.now() + 1_200_000).toISOString(),
        erase: null,
      },
      {
        id: `mail-${lead.id}`,
        channel: 'email',
        event: 'results',
        webhookId: `msg_mail_${lead.id}`,
        state: 'delivered',
        attempts: 1,
        createdAt: lead.submittedAt,
        lastAttemptAt: lead.submittedAt,
        lastStatus: 250,
        lastReply: null,
        nextAttemptAt: null,
        erase: null,
      },
    ],
  };
}

function profiles(from: string, to: string): ProfilesResponse {
  return {
    from,
    to,
    timeZone: 'UTC',
    submissions: 118,
    drivers: coreDrivers.map((driver, index) => {
      const weak = 15 + ((index * 29) % 50);
      const strong = 8 + ((index * 17) % 40);
      return { driverId: driver.id, driver: driver.shortName, ratings: { 1: weak, 2: 118 - weak - strong, 3: strong } };
    }),
    patterns: [
      { pattern: 'allWeak', count: 4 },
      { pattern: 'allStrong', count: 1 },
      { pattern: 'allNeutral', count: 3 },
      { pattern: 'mostWeak', count: 31 },
      { pattern: 'mostStrong', count: 12 },
      { pattern: 'strongAndWeak', count: 52 },
      { pattern: 'general', count: 15 },
    ],
  };
}

function deliveries(state: string | null): DeliveriesResponse {
  const delivered = state === 'delivered';
  return {
    webhookConfigured: true,
    destination: 'https://hooks.zapier.com/hooks/catch/123456/abcdef/',
    mailConfigured: true,
    mailSenderRefused: null,
    emailToolConfigured: false,
    emailToolPaused: null,
    counts: { pending: 4, failing: 2, gone: 1, expired: 1 },
    oldestPendingAt: new Date(Date.now() - 5_400_000).toISOString(),
    deliveries: leads.slice(0, delivered ? 5 : 2).map((lead, index): DeliveriesResponse['deliveries'][number] => ({
      id: `delivery-${lead.id}`,
      channel: index === 0 ? 'webhook' : 'email',
      event: index === 0 ? 'lead.submitted' : 'results',
      webhookId: `msg_${lead.id}`,
      state: delivered ? 'delivered' : 'pending',
      attempts: delivered ? 1 : 3 + index,
      createdAt: lead.submittedAt,
      lastAttemptAt: delivered ? lead.submittedAt : new Date(Date.now() - 600_000).toISOString(),
      lastStatus: delivered ? 200 : index === 0 ? 503 : null,
      lastReply: delivered ? null : index === 0 ? '{"error":"upstream busy","retry":true}' : 'Connection timeout (ETIMEDOUT)',
      nextAttemptAt: delivered ? null : new Date(Date.now() + 1_200_000).toISOString(),
      erase: null,
      leadId: lead.id,
      leadFirstName: lead.firstName,
      leadMaskedEmail: maskedEmail(lead.email),
    })).concat(erases(delivered)),
    nextCursor: null,
  };
}

/** Erased people told to the e-mail tool: one failing in Kit (retried), or done: unsubscribed in Kit, deleted in MailerLite. No lead: it is gone. */
function erases(delivered: boolean): DeliveriesResponse['deliveries'] {
  const erase = (id: string, masked: string, fields: Partial<DeliveriesResponse['deliveries'][number]>): DeliveriesResponse['deliveries'][number] => ({
    id,
    channel: 'tool',
    event: 'erase',
    webhookId: `msg_${id}`,
    state: 'delivered',
    attempts: 1,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    lastAttemptAt: new Date(Date.now() - 3_500_000).toISOString(),
    lastStatus: 200,
    lastReply: null,
    nextAttemptAt: null,
    erase: null,
    leadId: null,
    leadFirstName: '',
    leadMaskedEmail: masked,
    ...fields,
  });
  if (!delivered) {
    return [
      erase('erase-1', 'j…@example.org', {
        state: 'pending',
        attempts: 2,
        lastStatus: 502,
        lastReply: 'Bad Gateway',
        nextAttemptAt: new Date(Date.now() + 600_000).toISOString(),
        erase: { tool: 'kit', result: null, retryable: true },
      }),
    ];
  }
  return [
    erase('erase-2', 'm…@example.net', { erase: { tool: 'kit', result: 'unsubscribed', retryable: false } }),
    erase('erase-3', 'r…@example.com', { erase: { tool: 'mailerlite', result: 'deleted', retryable: false } }),
  ];
}

// Sixty entries, every action, the newest first, two hours apart: pages of 25, 25 and 10.
const auditActions: AuditAction[] = ['sign_in', 'export', 'delivery_retry', 'erase', 'sign_out', 'sign_in_failed', 'password_set', 'settings_changed'];
const auditStart = Date.now();
const auditInstant = (index: number) => auditStart - (index + 1) * 7_200_000;
/** The time ("09:30") and day ("Mon, 23 Nov 2026") the dashboard shows for entry `index`, in UTC. */
export const fakeAuditTime = (index: number) => new Date(auditInstant(index)).toISOString().slice(11, 16);
export const fakeAuditDay = (index: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(auditInstant(index));
const auditEntries: AuditEntry[] = Array.from({ length: 60 }, (_, index) => {
  const action = auditActions[index % auditActions.length] ?? 'sign_in';
  const fromCommandLine = action === 'password_set' || (action === 'export' && index % 2 === 0);
  return {
    at: new Date(auditInstant(index)).toISOString(),
    action,
    actor: fromCommandLine ? 'command line' : 'dashboard',
    sessionId: fromCommandLine || action === 'sign_in_failed' ? null : 40 - Math.floor(index / 8),
    // The browser in words; the oldest entries are from before it was kept.
    signedIn: fromCommandLine || action === 'sign_in_failed' || index >= 24 ? null : { browser: 'Chrome on macOS', at: '2026-11-03T09:00:00.000Z' },
    fields: action === 'settings_changed' ? ['coachName', 'courseUrl'] : null,
    changes:
      action === 'settings_changed'
        ? [
            { field: 'coachName', label: 'Your name', from: 'Sam Rivera', to: 'Dana Reyes', secret: false },
            { field: 'webhookSecret', label: 'Webhook signing secret', from: null, to: null, secret: true },
            // A long address, as a course link is: it wraps in its cell, never widens the table.
            ...(index > 7 ? [{ field: 'courseUrl', label: 'Course link', from: null, to: 'https://coach.example/courses/core-drivers-for-busy-founders-2027', secret: false }] : []),
          ]
        : null,
    restoredFrom: null,
  };
});

function audit(cursor: string | null, limit: number): AuditLogResponse {
  const start = cursor === null ? 0 : Number(cursor);
  const entries = auditEntries.slice(start, start + limit);
  return { entries, nextCursor: start + limit < auditEntries.length ? String(start + limit) : null };
}

export type FakeApiOptions = {
  /** Sign-in answers 429 with this many seconds to wait. */
  throttledFor?: number;
  /** This many delivered deliveries, the newest first, a page of 25 at a time (else the few above, on one page). */
  deliveredCount?: number;
  /** Erasing a lead answers 404: the person was erased already (in another tab). */
  erasedAlready?: boolean;
  /** The offers' figures on the funnel screen (else none). */
  offerRows?: OffersReport['rows'];
  /** "Retry now" is refused as the server does when the delivery was delivered meanwhile (400) or its person erased (404). */
  retryRefused?: 'delivered' | 'gone';
};

/** Page `cursor` (its first index; null: the first page) of `count` delivered deliveries, one a lead in turn, an hour apart. */
function deliveredPage(count: number, cursor: string | null): DeliveriesResponse {
  const start = cursor === null ? 0 : Number(cursor);
  const end = Math.min(start + 25, count);
  const base = deliveries('delivered');
  const [first] = base.deliveries;
  if (!first) throw new Error('The stand-in has no delivered delivery to copy.');
  const page = Array.from({ length: end - start }, (_, offset): DeliveriesResponse['deliveries'][number] => {
    const index = start + offset;
    const lead = leads[index % leads.length] ?? leads[0];
    if (!lead) throw new Error('The stand-in has no leads.');
    const at = new Date(Date.now() - (index + 1) * 3_600_000).toISOString();
    return { ...first, id: `delivered-${index}`, createdAt: at, lastAttemptAt: at, leadId: lead.id, leadFirstName: lead.firstName, leadMaskedEmail: maskedEmail(lead.email) };
  });
  return { ...base, deliveries: page, nextCursor: end < count ? String(end) : null };
}

const session: SessionStatus = {
  signedIn: true,
  account: 'coach',
  signedInAt: new Date().toISOString(),
  idleTimeoutSeconds: 1800,
  expiresAt: new Date(Date.now() + 43_200_000).toISOString(),
  timeZone: 'UTC',
  webhookConfigured: true,
  mailConfigured: true,
  backup: 'download',
};

/** Answers every /api/coach/ request of `page` from the data above. */
export async function fakeCoachApi(page: Page, options: FakeApiOptions = {}) {
  let signedIn = false;
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  const refuse = (route: Route, status: number, body: CoachApiError) => json(route, status, body);

  await page.route('**/api/coach/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    const method = request.method();
    const from = url.searchParams.get('from') ?? dayBefore(29);
    const to = url.searchParams.get('to') ?? today;

    if (path === '/api/coach/session' && method === 'POST') {
      if (options.throttledFor) {
        return refuse(route, 429, { error: 'too_many_attempts', message: 'Too many attempts.', retryAfterSeconds: options.throttledFor });
      }
      const { password } = request.postDataJSON() as { password: string };
      if (password !== fakePassword) return refuse(route, 401, { error: 'wrong_password', message: 'Wrong password.' });
      signedIn = true;
      return json(route, 200, session);
    }
    if (path === '/api/coach/setup' && method === 'GET') return json(route, 200, { passwordSet: true, resetByMail: false } satisfies SetupStatus);
    if (!signedIn) return refuse(route, 401, { error: 'unauthorized', message: 'Please sign in.' });
    if (path === '/api/coach/session' && method === 'DELETE') {
      signedIn = false;
      return route.fulfill({ status: 204 });
    }
    if (path === '/api/coach/session') return json(route, 200, session);
    if (path === '/api/coach/funnel') return json(route, 200, funnel(from, to));
    if (path === '/api/coach/offers') return json(route, 200, { from, to, offers: [], rows: options.offerRows ?? [] } satisfies OffersReport);
    if (path === '/api/coach/profiles') return json(route, 200, profiles(from, to));
    if (path === '/api/coach/deliveries') {
      const state = url.searchParams.get('state');
      if (state === 'delivered' && options.deliveredCount !== undefined) return json(route, 200, deliveredPage(options.deliveredCount, url.searchParams.get('cursor')));
      return json(route, 200, deliveries(state));
    }
    if (path === '/api/coach/audit') return json(route, 200, audit(url.searchParams.get('cursor'), Number(url.searchParams.get('limit') ?? 25)));
    if (path.endsWith('/retry') && options.retryRefused === 'delivered') {
      return refuse(route, 400, { error: 'invalid_request', message: 'This delivery already succeeded.', field: 'id' });
    }
    if (path.endsWith('/retry') && options.retryRefused === 'gone') return refuse(route, 404, { error: 'not_found', message: 'No such delivery (its lead may have been erased).' });
    if (path.endsWith('/retry')) return json(route, 200, { delivery: { ...deliveries(null).deliveries[0], state: 'pending' } });
    if (path === '/api/coach/leads') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found = leads.filter((lead) => !q || lead.email.startsWith(q) || lead.firstName.toLowerCase().startsWith(q));
      const body: LeadListResponse = { leads: found, nextCursor: null };
      return json(route, 200, body);
    }
    const lead = leads.find((item) => path === `/api/coach/leads/${item.id}`);
    if (lead && method === 'DELETE') {
      if (options.erasedAlready) return refuse(route, 404, { error: 'not_found', message: 'No such lead (it may have been erased already).' });
      return json(route, 200, { erased: { submissions: 1, pendingDeliveries: 1 } });
    }
    if (lead) return json(route, 200, leadDetail(lead));
    return refuse(route, 404, { error: 'not_found', message: 'Not found.' });
  });
}

/** The dashboard opened at `/coach<hash>` against the stand-in API, and signed in with its password. */
export async function signInToFakeApi(page: Page, hash = '', options: FakeApiOptions = {}) {
  await fakeCoachApi(page, options);
  await page.goto(`/coach${hash}`);
  await page.getByLabel('Password').fill(fakePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
