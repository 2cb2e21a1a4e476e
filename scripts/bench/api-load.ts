/**
 * Loads `POST /api/leads` with autocannon on loopback: valid, unique bodies (so every request
 * stores a new lead) and a unique Idempotency-Key each, for a bounded time.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export type ApiFigures = {
  /** 2xx answers per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the server's process used per 2xx answer (every thread, µs), when it was measured. */
  cpuPerAnswerUs?: number;
};

/** `cpuMicros`: the loaded server's CPU time so far (./processes.ts), to report its CPU per answer. */
export type LoadOptions = { durationSeconds: number; connections: number; cpuMicros?: () => number; /** This many requests instead of a time (a warm-up). */ requests?: number };

/** One valid lead as the browser sends it: unique address, nine ratings from 1 to 3. */
export function benchLead(run: string, index: number): { email: string; firstName: string; ratings: number[] } {
  return {
    email: `bench-${run}-${index}@example.com`,
    firstName: 'Bench',
    ratings: Array.from({ length: 9 }, (_, driver) => ((index + driver) % 3) + 1),
  };
}

/**
 * The warm-up before a server is measured: this many leads, not a time. V8 compiles the hot code on
 * its helper threads over the first tens of thousands of requests; when the warm-up was one second
 * (20,000 leads on a quiet machine, 2,000 on a busy one) that compiling went on into the measured
 * runs and counted as "CPU per stored lead" (20-80 µs more a lead on a busy machine), a cost a
 * server that has run for a minute no longer pays. Every server of a part gets the same warm-up.
 */
export const WARM_UP_LEADS = 30_000;

export async function warmUp(url: string, requests: number, connections: number): Promise<void> {
  if (requests > 0) await loadLeads(url, { durationSeconds: 0, requests, connections });
}

export function loadLeads(url: string, { durationSeconds, connections, cpuMicros, requests }: LoadOptions): Promise<ApiFigures> {
  const run = randomUUID().slice(0, 8);
  let index = 0;
  const cpuBefore = cpuMicros?.() ?? Number.NaN;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        ...(requests === undefined ? { duration: durationSeconds } : { amount: requests }),
        timeout: 10,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              index += 1;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'idempotency-key': `${run}-${index}` },
                body: JSON.stringify(benchLead(run, index)),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const cpuUsed = (cpuMicros?.() ?? Number.NaN) - cpuBefore;
        resolve({
          perSecond: result['2xx'] / durationSeconds,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          ...(cpuMicros && { cpuPerAnswerUs: cpuUsed / Math.max(1, result['2xx']) }),
        });
      },
    );
  });
}

/** Sends one valid lead; "missing" when the server has no such endpoint (404) yet. */
export async function probeLeads(url: string): Promise<{ status: number; missing: boolean }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(benchLead('probe', 0)),
  });
  await response.arrayBuffer();
  return { status: response.status, missing: response.status === 404 };
}
