/**
 * kill -9 during a burst of leads, with mail on: every stored lead gets exactly one results e-mail,
 * told apart by its Message-ID (an e-mail the killed process had in flight may arrive twice, with the
 * same Message-ID, which mail systems treat as one message), on SQLite (the process killed and
 * started again on the same DATA_DIR) and on Postgres with two instances (one killed, the other
 * carrying on). Real server processes, a real SMTP server on loopback. Bounded: 150 leads, 12 at a
 * time, per backend.
 */
import { afterEach, expect, test } from 'vitest';
import { openPool } from '../storage/postgres/connection';
import { burstWithKill } from '../test/crash-burst';
import { tempDir } from '../test/helpers';
import { freshPostgresUrl } from '../test/postgres';
import { spawnServer, type Spawned } from '../test/server-process';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';

const TOTAL = 150;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

const leadNumber = (index: number) => ({ email: `crash${index}@example.net`, firstName: `Crash ${index}`, ratings: [1, 2, 3, 3, 2, 1, 1, 2, 3] });

async function mailEnv(): Promise<Record<string, string>> {
  sink = await startSmtpSink();
  // A lease of 5 s, so rows the killed process had claimed come back quickly.
  return { SMTP_URL: sink.url, MAIL_FROM: 'coach@coach.example', PUBLIC_URL: 'https://quiz.example', OUTBOX_LEASE_SECONDS: '5' };
}

const burst = (target: () => Promise<string>, victim: Spawned) => burstWithKill(TOTAL, leadNumber, target, victim, 'crash');

/** Every lead has exactly one Message-ID at the sink (waits for them all); returns how many arrived twice. */
async function expectOneMessageIdPerLead(mailSink: SmtpSink): Promise<number> {
  const deadline = Date.now() + 60_000;
  const idsOf = () => {
    const ids = new Map<string, Set<string>>();
    for (const mail of mailSink.messages) {
      const to = mail.envelopeTo[0] ?? '';
      ids.set(to, (ids.get(to) ?? new Set()).add(mail.messageId ?? ''));
    }
    return ids;
  };
  while (idsOf().size < TOTAL && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  const ids = idsOf();
  expect([...ids.keys()].sort()).toEqual(Array.from({ length: TOTAL }, (_, index) => leadNumber(index).email).sort());
  expect([...ids.values()].filter((set) => set.size !== 1)).toEqual([]);
  return mailSink.messages.length - TOTAL;
}

test('SQLite: kill -9 mid-burst, started again on the same data: every stored lead gets exactly one e-mail', async () => {
  const env = { ...(await mailEnv()), DATA_DIR: tempDir() };
  let current = await spawnServer(env);
  const first = current;
  let restarting: Promise<Spawned> | null = null;
  const target = async () => {
    if (current.child.signalCode !== null) {
      restarting ??= spawnServer(env).then((started) => (current = started));
      await restarting;
    }
    return current.url;
  };
  expect(await burst(target, first)).toBe(TOTAL);
  const twice = await expectOneMessageIdPerLead(sink as SmtpSink);
  console.info(`mail crash test (SQLite): ${twice} e-mails arrived twice under the same Message-ID`);
}, 180_000);

test('Postgres, two instances: kill -9 of one mid-burst: every stored lead gets exactly one e-mail', async () => {
  const env = { ...(await mailEnv()), DATABASE_URL: await freshPostgresUrl() };
  const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  if (!a || !b) throw new Error('two instances');
  let turn = 0;
  // A balancer: a and b in turn while a lives, then b alone.
  const target = async () => (a.child.signalCode === null && turn++ % 2 === 0 ? a.url : b.url);
  expect(await burst(target, a)).toBe(TOTAL);
  const twice = await expectOneMessageIdPerLead(sink as SmtpSink);
  const db = openPool(env.DATABASE_URL);
  try {
    const pending = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE channel = 'email' AND state <> 'delivered'");
    const deadline = Date.now() + 10_000;
    let left = pending.rows[0]?.n ?? 0;
    while (left > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE channel = 'email' AND state <> 'delivered'")).rows[0]?.n ?? 0;
    }
    expect(left).toBe(0);
    const stored = await db.query<{ n: number }>('SELECT count(DISTINCT email)::int AS n FROM submissions');
    expect(stored.rows[0]?.n).toBe(TOTAL);
  } finally {
    await db.end();
  }
  console.info(`mail crash test (Postgres, two instances): ${twice} e-mails arrived twice under the same Message-ID`);
}, 180_000);
