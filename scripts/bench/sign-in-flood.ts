/**
 * A flood of wrong sign-ins beside the site's own traffic (issue 21): 25 sign-ins at once, each
 * from its own address (the server trusts the loopback proxy, so X-Forwarded-For tells them apart),
 * at the real scrypt cost, while a static asset and POST /api/leads are requested one after another.
 * Password checks run at most two at a time (server/coach/password.ts), so the asset and the leads
 * keep their usual latency: the target is the asset under 100 ms at p99.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coachApi } from '../../src/shared/coach-api/routes';
import { benchLead } from './api-load';
import { startNodeScript } from './processes';

export const floodSignIns = 25;

export type SignInFloodResult = {
  /** Latencies of the static asset and of stored leads while the sign-ins were in flight (ms). */
  assetMs: number[];
  leadMs: number[];
  /** From the flood's start to its last answer (ms), and the statuses the sign-ins got. */
  floodMs: number[];
  statuses: Record<string, number>;
  /** Wrong sign-ins sent at once (floodSignIns; fewer in a smoke run). */
  signIns: number;
};

/**
 * One request's time and status; a connection the server closed without an answer counts as
 * "closed" (on a busy machine the last sign-ins of the queue can wait past the idle limit) instead
 * of stopping the whole benchmark.
 */
const timed = async (request: () => Promise<Response>): Promise<{ ms: number; status: number | 'closed' }> => {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 'closed' };
  }
};

export async function measureSignInFlood(root: string, runs: number, log: (message: string) => void, signIns = floodSignIns): Promise<SignInFloodResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-bench-flood-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', RATE_LIMIT_MAX: '1000000' };
  const setPassword = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server/cli/main.ts'), 'set-password'], {
    cwd: root,
    env: { ...process.env, ...env },
    input: 'the bench password, long enough',
  });
  if (setPassword.status !== 0) throw new Error(`set-password failed: ${setPassword.stderr.toString()}`);
  const server = await startNodeScript(join(root, 'server/main.ts'), env);
  const result: SignInFloodResult = { assetMs: [], leadMs: [], floodMs: [], statuses: {}, signIns };
  try {
    const landing = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(landing)?.[0];
    if (!asset) throw new Error('no script asset on the landing page');
    let address = 0;
    let leads = 0;
    for (let run = 1; run <= runs; run += 1) {
      log(`${signIns} wrong sign-ins at once beside an asset and POST /api/leads (run ${run}/${runs})`);
      let flooding = true;
      const started = performance.now();
      const flood = Promise.all(
        Array.from({ length: signIns }, () => {
          address += 1;
          return timed(() =>
            fetch(`${server.url}${coachApi.session}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                origin: server.url,
                'x-forwarded-for': `198.51.${Math.floor(address / 250)}.${address % 250}`,
              },
              body: JSON.stringify({ password: 'a wrong guess, long enough' }),
            }),
          );
        }),
      ).finally(() => (flooding = false));
      while (flooding) {
        result.assetMs.push((await timed(() => fetch(`${server.url}${asset}`))).ms);
        const lead = await timed(() =>
          fetch(`${server.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benchLead('flood', (leads += 1))) }),
        );
        if (lead.status === 201) result.leadMs.push(lead.ms);
      }
      const answers = await flood;
      result.floodMs.push(performance.now() - started);
      for (const { status } of answers) result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    }
    return result;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
