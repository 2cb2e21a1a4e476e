/**
 * The results e-mail's part of the benchmark (`--only=mail`): POST /api/leads with mail off and with
 * mail on (each lead also queues its e-mail in the same transaction, and the outbox sends it to a
 * local SMTP server, on the same cores: after the burst, or meanwhile once it has lasted a minute), in one run; then how many e-mails a
 * second the outbox sends to that SMTP sink while it works off the backlog the load left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from '../../server/test/smtp-sink';
import { type ApiFigures, loadLeads, warmUp } from './api-load';
import { type Running, startNodeScript } from './processes';

export type MailResult = { off: ApiFigures[]; on: ApiFigures[]; drain: { sent: number; seconds: number; perSecond: number; firstAfterSeconds: number; cpuPerEmailUs: number } };

type Context = { root: string; runs: number; seconds: number; warmUpRequests: number; connections: number; log: (message: string) => void };

/** How long the drain may take at most, and how long the count may stand still before it is called done. */
const DRAIN_LIMIT_MS = 30_000;
const DRAIN_QUIET_MS = 3_000;

export async function measureMail(env: Record<string, string>, context: Context): Promise<MailResult> {
  const { root, runs, seconds, warmUpRequests, connections, log } = context;
  const sink = await startSmtpSink({ countOnly: true });
  const dataDirs = [mkdtempSync(join(tmpdir(), 'core-drivers-bench-mail-off-')), mkdtempSync(join(tmpdir(), 'core-drivers-bench-mail-on-'))];
  const servers: Running[] = [];
  try {
    log(`two app instances, mail off and on (SMTP sink on ${sink.url})`);
    const off = await startNodeScript(join(root, 'server/main.ts'), { ...env, DATA_DIR: dataDirs[0] as string });
    servers.push(off);
    const on = await startNodeScript(join(root, 'server/main.ts'), {
      ...env,
      DATA_DIR: dataDirs[1] as string,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Bench Coach <coach@bench.example>',
      PUBLIC_URL: 'https://quiz.bench.example',
    });
    servers.push(on);
    const path = '/api/leads';
    const result: MailResult = { off: [], on: [], drain: { sent: 0, seconds: 0, perSecond: 0, firstAfterSeconds: 0, cpuPerEmailUs: Number.NaN } };
    // Mail off first, then mail on, not alternating: once loaded, the mail-on instance has tens of
    // thousands of e-mails queued, which it sends at once whenever its own intake is quiet (leads
    // first, server/outbox/intake.ts), so alternating put its sending into the mail-off runs, on
    // the same two cores (a slower "off", a flattering ratio). Each block gets its warm-up just before it.
    await warmUp(`${off.url}${path}`, warmUpRequests, connections);
    for (let run = 1; run <= runs; run += 1) {
      log(`${seconds} s: POST ${path} with mail off (run ${run}/${runs})`);
      result.off.push(await loadLeads(`${off.url}${path}`, { durationSeconds: seconds, connections, cpuMicros: off.cpuMicros }));
    }
    await warmUp(`${on.url}${path}`, warmUpRequests, connections);
    for (let run = 1; run <= runs; run += 1) {
      log(`${seconds} s: POST ${path} with mail on (run ${run}/${runs})`);
      result.on.push(await loadLeads(`${on.url}${path}`, { durationSeconds: seconds, connections, cpuMicros: on.cpuMicros }));
    }
    // The backlog the load left: the outbox sends it with nothing else running. Leads first
    // (server/outbox/intake.ts): the outbox waits while the burst is recent, so the rate is timed from
    // the first e-mail after the load, and that wait is reported beside it.
    log('the outbox works off the e-mails the load queued');
    const loadEnded = { at: performance.now(), count: sink.counted };
    while (sink.counted === loadEnded.count && performance.now() - loadEnded.at < DRAIN_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The mail-on instance's CPU while it sends, per e-mail: what each lead's e-mail costs, paid after
    // the burst now rather than during it (so the load's "CPU per stored lead" with mail on no longer holds it).
    const start = { at: performance.now(), count: sink.counted, cpu: on.cpuMicros() };
    let last = start;
    while (performance.now() - start.at < DRAIN_LIMIT_MS && performance.now() - last.at < DRAIN_QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (sink.counted !== last.count) last = { at: performance.now(), count: sink.counted, cpu: on.cpuMicros() };
    }
    const sent = last.count - start.count;
    const drainSeconds = (last.at - start.at) / 1000;
    result.drain = {
      sent,
      seconds: drainSeconds,
      perSecond: drainSeconds > 0 ? sent / drainSeconds : 0,
      firstAfterSeconds: (start.at - loadEnded.at) / 1000,
      cpuPerEmailUs: (last.cpu - start.cpu) / Math.max(1, sent),
    };
    return result;
  } finally {
    for (const server of servers) await server.stop();
    await sink.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
