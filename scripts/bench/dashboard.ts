/**
 * The dashboard part of the benchmark: a database seeded with 1,000,000 leads and two years of
 * funnel counts (./dashboard-seed.ts), the real server on it, signed in, and every dashboard API
 * called one request at a time (as the dashboard does), with varying arguments: p50 and p95 of each.
 */
import { coachApi, leadPath, retryDeliveryPath } from '../../src/shared/coach-api/routes';
import { addDays, calendarDay } from '../../src/shared/days';
import { benchPassword } from './dashboard-seed';

/** `samples`: until the whole answer is read; `firstByteSamples` (downloads only): until its headers arrived. */
export type DashboardCall = { name: string; samples: number[]; firstByteSamples?: number[] };

/** Requests per API and run, after a few unmeasured ones. */
const REQUESTS = 40;
const WARM_UP = 3;

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export const p50 = (values: number[]) => percentile(values, 0.5);
export const p95 = (values: number[]) => percentile(values, 0.95);
export const p99 = (values: number[]) => percentile(values, 0.99);

/** `requests`: measured requests per API and run (a smoke run: 1, without the unmeasured ones). */
export async function measureDashboard(
  baseUrl: string,
  { runs, requests = REQUESTS }: { runs: number; requests?: number },
  log: (message: string) => void,
): Promise<{ calls: DashboardCall[]; signInMs: number }> {
  const warmUp = requests < REQUESTS ? 0 : WARM_UP;
  const origin = new URL(baseUrl).origin;
  const signInStarted = performance.now();
  const signIn = await fetch(`${baseUrl}${coachApi.session}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password: benchPassword }),
  });
  const signInMs = performance.now() - signInStarted;
  // Every cookie sign-in sets (the session and the known-browser cookie), as a browser keeps them.
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (signIn.status !== 200 || !cookie) throw new Error(`dashboard sign-in answered ${signIn.status}`);
  let headersAt = 0;
  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { cookie, origin } });
    headersAt = performance.now();
    const body = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${body.slice(0, 200)}`);
    return body;
  };

  const today = calendarDay('UTC')(Date.now());
  const period = (days: number, endDaysAgo = 0) => `from=${addDays(today, 1 - days - endDaysAgo)}&to=${addDays(today, -endDaysAgo)}`;
  const list = JSON.parse(await get(`${coachApi.leads}?limit=100`)) as { leads: { id: string; email: string }[] };
  const failing = JSON.parse(await get(coachApi.deliveries)) as { deliveries: { id: string }[] };
  const names = ['Ana', 'Kai', 'Nina', 'Theo', 'Zzz'];
  const pick = <T>(items: readonly T[], index: number) => items[index % items.length] as T;

  const apis: { name: string; path: (i: number) => string; method?: string }[] = [
    { name: 'GET session', path: () => coachApi.session },
    { name: 'GET funnel, 30 days', path: (i) => `${coachApi.funnel}?${period(30, i % 300)}` },
    { name: 'GET funnel, 90 days', path: (i) => `${coachApi.funnel}?${period(90, i % 300)}` },
    { name: 'GET funnel, 2 years', path: () => `${coachApi.funnel}?${period(730)}` },
    { name: 'GET profiles, 90 days', path: (i) => `${coachApi.profiles}?${period(90, i % 300)}` },
    { name: 'GET profiles, 2 years', path: () => `${coachApi.profiles}?${period(730)}` },
    { name: 'GET leads, newest page', path: () => `${coachApi.leads}?limit=25` },
    { name: 'GET leads, page 1,000 (cursor)', path: (i) => `${coachApi.leads}?limit=25&cursor=${500_000 + i * 1000}` },
    { name: 'GET leads, 30 days a year ago', path: (i) => `${coachApi.leads}?${period(30, 365 + i)}` },
    { name: 'GET leads, e-mail search (3 letters)', path: (i) => `${coachApi.leads}?q=${pick(names, i).slice(0, 3).toLowerCase()}` },
    { name: 'GET leads, e-mail search (1 letter)', path: (i) => `${coachApi.leads}?q=${'abcdefghijklmnopqrstuvwxyz'[i % 26]}` },
    { name: 'GET leads, name search', path: (i) => `${coachApi.leads}?q=${pick(names, i)}` },
    { name: 'GET lead detail', path: (i) => leadPath(pick(list.leads, i).id) },
    { name: 'GET deliveries (failing)', path: () => coachApi.deliveries },
    { name: 'GET deliveries (given up)', path: () => `${coachApi.deliveries}?state=expired` },
    { name: 'GET audit log', path: () => coachApi.audit },
    { name: 'POST retry a delivery', path: (i) => retryDeliveryPath(pick(failing.deliveries, i).id), method: 'POST' },
    { name: 'GET leads.csv, 1 day (~1,400 leads)', path: (i) => `${coachApi.leadsCsv}?${period(1, 1 + i)}` },
    { name: 'GET leads.csv, 7 days (~10,000 leads)', path: (i) => `${coachApi.leadsCsv}?${period(7, 7 + i)}` },
  ];
  const calls: DashboardCall[] = apis.map(({ name }) => ({ name, samples: [], ...(name.includes('.csv') ? { firstByteSamples: [] } : {}) }));
  for (let run = 1; run <= runs; run += 1) {
    for (const [index, api] of apis.entries()) {
      log(`dashboard: ${api.name} (run ${run}/${runs})`);
      for (let i = 0; i < warmUp + requests; i += 1) {
        const started = performance.now();
        await get(api.path(i + run * requests), api.method);
        if (i >= warmUp) {
          calls[index]?.samples.push(performance.now() - started);
          calls[index]?.firstByteSamples?.push(headersAt - started);
        }
      }
    }
  }
  // Erasing is measured last, on 20 people of the newest page: it changes what the others read.
  const erase: DashboardCall = { name: 'DELETE lead (erase a person)', samples: [] };
  for (const lead of list.leads.slice(0, 20)) {
    const started = performance.now();
    await get(leadPath(lead.id), 'DELETE');
    erase.samples.push(performance.now() - started);
  }
  calls.push(erase);
  return { calls, signInMs };
}
