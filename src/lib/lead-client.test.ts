import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Lead } from '../shared/lead';
import { neverAnswered } from '../test/never-answered';
import { ANSWER_LIMIT_MS } from './fetch-within';
import { startFunnelBeacon } from './funnel-beacon';
import { LeadSubmissionError, submitLead } from './lead-client';

const lead: Lead = { email: 'sam@example.com', firstName: 'Sam', ratings: [1, 1, 2, 3, 3, 3, 2, 2, 1] };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Starts a submission and reports whether it has settled, and how. */
function track(promise: Promise<unknown>) {
  const state = { settled: false, error: undefined as unknown };
  promise.then(
    () => (state.settled = true),
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}

test('the lead is POSTed as JSON with an idempotency key, and the visitor still waits about 1.5 s', async () => {
  fetchMock.mockResolvedValue(new Response('{"id":"x"}', { status: 201 }));
  const submission = track(submitLead(lead, 'api'));

  await vi.advanceTimersByTimeAsync(1499);
  expect(submission.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(submission).toEqual({ settled: true, error: undefined });

  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/leads');
  expect(init?.method).toBe('POST');
  const headers = new Headers(init?.headers);
  expect(headers.get('content-type')).toBe('application/json');
  expect(headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(String(init?.body))).toEqual(lead);
});

test("the lead carries this visit's source, so the server counts the lead step by source when it stores it", async () => {
  fetchMock.mockResolvedValue(new Response('{"id":"x"}', { status: 201 }));
  window.history.replaceState(null, '', '/?utm_source=newsletter&utm_campaign=spring');
  const stop = startFunnelBeacon();
  const submission = submitLead(lead, 'api');
  await vi.advanceTimersByTimeAsync(1500);
  await submission;
  stop();
  window.history.replaceState(null, '', '/');
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ ...lead, source: { source: 'newsletter', campaign: 'spring' } });
});

const keysSent = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

test('each stored submission gets its own idempotency key', async () => {
  fetchMock.mockImplementation(async () => new Response(null, { status: 201 }));
  for (let index = 0; index < 2; index += 1) {
    const submission = submitLead(lead, 'api');
    await vi.advanceTimersByTimeAsync(1500);
    await submission;
  }
  expect(new Set(keysSent()).size).toBe(2);
});

test('the same lead sent again after a failure keeps its key (a 503 may be stored later); another lead gets a new one', async () => {
  const statuses = [503, 201, 201];
  fetchMock.mockImplementation(async () => new Response(null, { status: statuses.shift() ?? 201 }));
  const send = async (entry: Lead) => {
    const submission = submitLead(entry, 'api').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1500);
    return submission;
  };
  expect(await send(lead)).toBeInstanceOf(LeadSubmissionError);
  expect(await send(lead)).toEqual({ mail: 'off' });
  expect(await send({ ...lead, firstName: 'Samuel' })).toEqual({ mail: 'off' });
  const [first, retry, other] = keysSent();
  expect(retry).toBe(first);
  expect(other).not.toBe(first);
});

test.each([
  [400, 'a refused lead'],
  [429, 'too many submissions'],
  [500, 'a server error'],
  [503, 'a server shutting down'],
])('an answer of %i (%s) rejects after the wait, naming only the status', async (status) => {
  fetchMock.mockResolvedValue(new Response('{}', { status }));
  const submission = track(submitLead(lead, 'api'));
  await vi.advanceTimersByTimeAsync(1500);
  expect(submission.error).toBeInstanceOf(LeadSubmissionError);
  expect(submission.error).toMatchObject({ status });
  expect(String(submission.error)).not.toMatch(/sam/i);
});

test('a network failure rejects without revealing the lead', async () => {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  const submission = track(submitLead(lead, 'api'));
  await vi.advanceTimersByTimeAsync(1500);
  expect(submission.error).toBeInstanceOf(LeadSubmissionError);
  expect(submission.error).toMatchObject({ status: null });
  expect(String(submission.error)).not.toMatch(/sam/i);
});

test('an answer that never comes fails the submission after the answer limit, as a network failure, not a spinner that never ends', async () => {
  fetchMock.mockImplementation(neverAnswered);
  const submission = track(submitLead(lead, 'api'));
  await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS - 1);
  expect(submission.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(submission.error).toBeInstanceOf(LeadSubmissionError);
  expect(submission.error).toMatchObject({ status: null });
});

test('in local-only mode nothing is sent: it waits 1.5 s and logs only counts', async () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const submission = track(submitLead(lead, 'local'));
  await vi.advanceTimersByTimeAsync(1499);
  expect(submission.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(submission).toEqual({ settled: true, error: undefined });

  expect(fetchMock).not.toHaveBeenCalled();
  expect(info.mock.calls).toEqual([['Lead submitted (local only).', { needsSupport: 3, neutral: 3, strong: 3 }]]);
  expect(JSON.stringify(info.mock.calls)).not.toMatch(/sam/i);
});

test.each([
  ['{"id":"x","mail":"held"}', 'held'],
  ['{"id":"x","mail":"queued"}', 'queued'],
  ['{"id":"x","mail":"off"}', 'off'],
  ['{"id":"x","mail":"sent to everyone"}', 'off'],
  ['{"id":"x"}', 'off'],
  ['not json', 'off'],
])('the answer %s says what became of the results e-mail: %s', async (body, mail) => {
  fetchMock.mockResolvedValue(new Response(body, { status: 201 }));
  const submission = submitLead(lead, 'api');
  await vi.advanceTimersByTimeAsync(1500);
  expect(await submission).toEqual({ mail });
});
