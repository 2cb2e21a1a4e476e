/**
 * The probe's burst, on two server processes sharing one Postgres database: 12 leads for one
 * address, sent at once to both instances, are all stored, and the address gets one results e-mail.
 * Each instance alone would let one through; the cap is counted in the database, under a lock per
 * address (server/storage/postgres/submissions.ts).
 */
import { expect, test } from 'vitest';
import { openPool } from '../storage/postgres/connection';
import { postLead } from '../test/helpers';
import { freshPostgresUrl } from '../test/postgres';
import { spawnServer } from '../test/server-process';
import { startSmtpSink } from '../test/smtp-sink';

test('two instances on one Postgres: 12 leads for one address at once make one results e-mail; all 12 are stored', async () => {
  const databaseUrl = await freshPostgresUrl();
  const sink = await startSmtpSink();
  try {
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: sink.url, MAIL_FROM: 'coach@coach.example', PUBLIC_URL: 'http://127.0.0.1:9' };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const response = await postLead(index % 2 === 0 ? a.url : b.url, { email: 'victim@example.com', firstName: `Client ${index}`, ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });
        expect(response.status).toBe(201);
        return ((await response.json()) as { mail: string }).mail;
      }),
    );
    expect(answers.filter((mail) => mail === 'queued')).toHaveLength(1);
    expect(answers.filter((mail) => mail === 'held')).toHaveLength(11);
    const received = await sink.waitFor(1);
    expect(received.map((message) => message.envelopeTo)).toEqual([['victim@example.com']]);
    const pool = openPool(databaseUrl);
    try {
      const stored = await pool.query<{ submissions: number; emails: number }>(
        `SELECT (SELECT count(*) FROM submissions WHERE email = 'victim@example.com') AS submissions,
                (SELECT count(*) FROM outbox WHERE channel = 'email') AS emails`,
      );
      expect(stored.rows[0]).toEqual({ submissions: 12, emails: 1 });
    } finally {
      await pool.end();
    }
  } finally {
    await sink.close();
  }
}, 120_000);
