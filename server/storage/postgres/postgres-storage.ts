/**
 * The storage contract on Postgres (DATABASE_URL), for several instances sharing one database.
 *
 * Leads use group commit as on SQLite: what arrives in one turn of the event loop is stored in ONE
 * transaction (one multi-row insert, its outbox rows, one update of the profile aggregate per day),
 * and every promise settles after COMMIT, so a 201 always means committed. While a batch is being
 * written the next one gathers; up to `MAX_BATCHES_IN_FLIGHT` run at once on the pool. Uniqueness
 * of Idempotency-Keys is the database's (a unique index), so two instances given the same key
 * store one submission and answer both with its id.
 *
 * The outbox's rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (server/storage/storage.ts).
 */
import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AuditAction, AuditEntry, DeliveriesResponse, DeliveryFilter, DeliveryWithLead, LeadDetail, LeadListResponse } from '../../../src/shared/coach-api';
import { type Lead, withoutHiddenCharacters } from '../../../src/shared/lead';
import { calendarDay, type Day } from '../../analytics/days';
import { assembleFunnel, type DayRow, funnelParts, type SourceRow } from '../../analytics/report';
import type { Actor } from '../../coach/audit';
import { notBeingSent, type RetryOutcome } from '../../coach/deliveries';
import {
  detailOf,
  type DetailRow,
  escapeLike,
  type LeadListParams,
  NAME_SEARCH_WINDOW,
  type OutboxRow,
  type SubmissionRow,
  type TimeRange,
  toDelivery,
  toSummary,
} from '../../coach/leads-query';
import type { PostgresSettings } from '../../config';
import { type CsvChunk, csvHeader, csvLine, DAY_MS, type EraseResult, type ExportRow, type LeadStats, statsOf } from '../../leads/admin';
import type { ConsentRecord } from '../../leads/consent';
import { IDEMPOTENCY_TTL_MS, normalizeEmail, type SubmitResult } from '../lead-db';
import { profileColumns, profileSumsByDay, profileTotalsOf, type ProfileRow, type ProfileTotals, TIME_ZONE_KEY } from '../profile-aggregate';
import type { DeliveryListParams, DueRow, FunnelCount, OutboxQueue, OutboxUpdate, Session, SessionTable, Storage } from '../storage';
import { migratePostgres } from './migrations';
import { postgresSettingsTable, postgresSetupCodeTable } from './settings';

const { Pool, types } = pg;

/** The largest group commit, as on SQLite. */
const BATCH_CAP = 512;
/**
 * Batches written at once: one gathers and inserts while another waits for its commit (npm run
 * bench on 2 cores shared with Postgres and the load: 2 stored the most leads per second; 1 left
 * the connection idle while a batch gathered, 4 only added waiting).
 */
const MAX_BATCHES_IN_FLIGHT = 2;

/** BIGINT (times in ms, ids, counts) and NUMERIC (sums) as numbers: all stay below 2^53. */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8 || oid === types.builtins.NUMERIC
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

/**
 * Rows per day of the profile aggregate: each batch adds to the next one, so batches committing at
 * the same moment, of this instance or another, do not queue for one row's lock until the commit.
 */
const PROFILE_SHARDS = 16;

/** Quoted column names of the profile aggregate (the pattern columns have capitals). */
const quotedProfileColumns = profileColumns.map((column) => `"${column}"`);

/** The database could not be reached or prepared at start-up; the message names DATABASE_URL. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Builds positional parameters ($1, $2...) for a query assembled from parts. */
function parameters() {
  const values: unknown[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, add };
}

type Pending = {
  lead: Lead;
  idempotencyKey: string | undefined;
  consent: ConsentRecord | undefined;
  now: number;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

export type PostgresStoreOptions = {
  /** Also write an outbox row for each new submission (a webhook is configured). */
  outbox: boolean;
  onOutboxRows?: () => void;
  now?: () => number;
  /** The analytics time zone: the days of the profile aggregate. */
  timeZone?: string;
  /** Told about errors of idle connections (the database restarted, say); the pool reconnects. */
  onPoolError?: (error: unknown) => void;
};

export class PostgresStorage implements Storage {
  readonly backend = 'postgres';
  readonly pool: pg.Pool;
  readonly outbox: OutboxQueue;
  readonly sessions: SessionTable;
  readonly setupCodes;
  readonly settings;
  /** How many transactions stored how many submissions (the group commit, observable). */
  readonly metrics = { flushes: 0, submissions: 0 };
  readonly #options: PostgresStoreOptions & { now: () => number; timeZone: string };
  readonly #dayOf: (ms: number) => Day;
  #queue: Pending[] = [];
  #scheduled = false;
  #inFlight = 0;
  #lastForget = 0;
  /** The profile aggregate's shard of the next batch; instances start at different ones. */
  #shard = randomInt(PROFILE_SHARDS);
  #closing: Promise<void> | null = null;
  #drained: (() => void) | null = null;

  private constructor(pool: pg.Pool, options: PostgresStoreOptions) {
    this.pool = pool;
    this.#options = { ...options, now: options.now ?? Date.now, timeZone: options.timeZone ?? 'UTC' };
    this.#dayOf = calendarDay(this.#options.timeZone);
    this.outbox = postgresOutboxQueue(pool);
    this.sessions = postgresSessionTable(pool);
    this.setupCodes = postgresSetupCodeTable(pool, (work) => this.#transaction(work));
    this.settings = postgresSettingsTable(pool, (work) => this.#transaction(work));
  }

  /**
   * Connects, migrates (once across instances) and makes sure the profile aggregate is built in
   * the analytics time zone. Fails with a message naming DATABASE_URL, never its password.
   */
  static async open(settings: PostgresSettings, options: PostgresStoreOptions): Promise<PostgresStorage> {
    const pool = new Pool({
      connectionString: settings.url,
      max: settings.poolSize,
      connectionTimeoutMillis: 10_000,
      types: typeParsers,
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    try {
      await migratePostgres(pool, (client) => ensureProfileAggregate(client, options.timeZone ?? 'UTC'));
    } catch (error) {
      await pool.end().catch(() => undefined);
      const reason = (error as { code?: string; message?: string }).message ?? String(error);
      throw new DatabaseUnavailableError(`Could not use the database of DATABASE_URL (${settings.safeUrl}): ${reason.replaceAll(settings.url, settings.safeUrl)}`);
    }
    return new PostgresStorage(pool, options);
  }

  submit(lead: Lead, idempotencyKey?: string, consent?: ConsentRecord): Promise<SubmitResult> {
    if (this.#closing) return Promise.reject(new Error('The lead store is closed.'));
    return new Promise<SubmitResult>((resolve, reject) => {
      this.#queue.push({ lead, idempotencyKey, consent, now: this.#options.now(), resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => {
          this.#scheduled = false;
          this.#pump();
        });
      }
    });
  }

  /** Starts batches while there is work and room; each finished batch starts the next. */
  #pump(): void {
    while (this.#queue.length > 0 && this.#inFlight < MAX_BATCHES_IN_FLIGHT) {
      const batch = this.#queue.splice(0, BATCH_CAP);
      this.#inFlight += 1;
      this.#writeBatch(batch)
        .then(
          (results) => {
            this.metrics.flushes += 1;
            this.metrics.submissions += batch.length;
            batch.forEach((pending, index) => pending.resolve(results[index] as SubmitResult));
            if (this.#options.outbox && results.some((result) => result.kind === 'stored' && !result.replayed)) this.#options.onOutboxRows?.();
          },
          (error: unknown) => {
            const failure = new Error(`Storing a batch of leads failed: ${(error as Error).message ?? String(error)}`);
            for (const pending of batch) pending.reject(failure);
          },
        )
        .finally(() => {
          this.#inFlight -= 1;
          this.#pump();
          if (this.#inFlight === 0 && this.#queue.length === 0) this.#drained?.();
        });
    }
  }

  /** One transaction: the submissions, their outbox rows, the profile aggregate. Throws having stored nothing. */
  async #writeBatch(batch: Pending[]): Promise<SubmitResult[]> {
    const now = batch[0]?.now ?? this.#options.now();
    const rows = batch.map(({ lead, idempotencyKey, consent }) => ({
      publicId: randomUUID(),
      email: normalizeEmail(lead.email),
      firstName: lead.firstName,
      ratings: lead.ratings.join(''),
      key: idempotencyKey ?? null,
      consent,
    }));
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Forget Idempotency-Keys older than their time to live, at most once a minute per instance.
      if (now - this.#lastForget >= 60_000) {
        this.#lastForget = now;
        await client.query('UPDATE submissions SET idempotency_key = NULL WHERE idempotency_key IS NOT NULL AND submitted_at < $1', [
          now - IDEMPOTENCY_TTL_MS,
        ]);
      }
      // A known key makes the insert skip that row (whichever instance stored it, even at this moment).
      const inserted = await client.query<{ id: number; public_id: string }>(
        `INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at, idempotency_key,
           consent_version, consent_wording, marketing_consent)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::smallint[])
         ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING id, public_id`,
        [
          rows.map((row) => row.publicId),
          rows.map((row) => row.email),
          rows.map((row) => row.firstName),
          rows.map((row) => row.ratings),
          batch.map((pending) => pending.now),
          rows.map((row) => row.key),
          rows.map((row) => row.consent?.version ?? null),
          rows.map((row) => row.consent?.wording ?? null),
          rows.map((row) => (row.consent?.marketing == null ? null : Number(row.consent.marketing))),
        ],
      );
      const idOf = new Map(inserted.rows.map((row) => [row.public_id, row.id]));
      const skippedKeys = rows.filter((row) => !idOf.has(row.publicId)).map((row) => row.key);
      const earlier = new Map<string, { public_id: string; email: string; first_name: string; ratings: string }>();
      if (skippedKeys.length > 0) {
        const found = await client.query<{ public_id: string; email: string; first_name: string; ratings: string; idempotency_key: string }>(
          'SELECT public_id, email, first_name, ratings, idempotency_key FROM submissions WHERE idempotency_key = ANY($1::text[])',
          [skippedKeys],
        );
        for (const row of found.rows) earlier.set(row.idempotency_key, row);
      }
      const results = rows.map((row): SubmitResult => {
        if (idOf.has(row.publicId)) return { kind: 'stored', id: row.publicId, replayed: false };
        const before = row.key === null ? undefined : earlier.get(row.key);
        if (!before) throw new Error('A submission was neither stored nor found under its Idempotency-Key.');
        const same = before.email === row.email && before.first_name === row.firstName && before.ratings === row.ratings;
        return same ? { kind: 'stored', id: before.public_id, replayed: true } : { kind: 'key_conflict' };
      });
      const stored = rows.map((row, index) => ({ row, now: batch[index]?.now ?? now })).filter(({ row }) => idOf.has(row.publicId));
      if (this.#options.outbox && stored.length > 0) {
        await client.query(
          `INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at)
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $3::bigint[])`,
          [stored.map(() => `msg_${randomUUID()}`), stored.map(({ row }) => idOf.get(row.publicId)), stored.map((entry) => entry.now)],
        );
      }
      // Last, so the aggregate's row is locked as briefly as possible (until the commit).
      this.#shard = (this.#shard + 1) % PROFILE_SHARDS;
      const sums = profileSumsByDay(stored.map(({ row, now: at }) => ({ submitted_at: at, ratings: row.ratings })), this.#dayOf, 1);
      await addToProfiles(client, sums, this.#shard);
      await client.query('COMMIT');
      return results;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async readPasswordHash(): Promise<string | null> {
    const { rows } = await this.pool.query<{ password_hash: string }>('SELECT password_hash FROM coach_account WHERE id = 1');
    return rows[0]?.password_hash ?? null;
  }

  async storePasswordHash(hash: string, now: number): Promise<void> {
    await this.#transaction(async (client) => {
      await client.query(
        `INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, $1, $2)
         ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, password_set_at = excluded.password_set_at`,
        [hash, now],
      );
      await client.query('DELETE FROM coach_sessions');
      await client.query('DELETE FROM coach_setup_codes');
    });
  }

  async recordAudit(action: AuditAction, who: Actor, now: number): Promise<void> {
    await this.pool.query('INSERT INTO audit_log (at, action, actor, session_id) VALUES ($1, $2, $3, $4)', [
      now,
      action,
      who.actor,
      who.actor === 'dashboard' ? who.sessionId : null,
    ]);
  }

  async listAudit(before: number | null, limit: number): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    const { rows } = await this.pool.query<{ id: number; at: number; action: AuditAction; actor: AuditEntry['actor']; session_id: number | null; fields: string | null }>(
      'SELECT id, at, action, actor, session_id, fields FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2',
      [before ?? Number.MAX_SAFE_INTEGER, limit + 1],
    );
    const page = rows.slice(0, limit);
    return {
      entries: page.map((row) => ({ at: new Date(row.at).toISOString(), action: row.action, actor: row.actor, sessionId: row.session_id, fields: fieldsOf(row.fields) })),
      nextCursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1]?.id) : null,
    };
  }

  async addFunnelCounts(counts: FunnelCount[]): Promise<void> {
    // In a fixed order, so two instances adding to the same counters never deadlock.
    const sorted = [...counts].sort((a, b) => {
      const keyOf = (count: FunnelCount) => JSON.stringify([count.day, count.key.step, count.key.source, count.key.medium, count.key.campaign, count.key.referrer]);
      return keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
    });
    await this.#transaction(async (client) => {
      for (const { day, key, count } of sorted) {
        const source = [key.source, key.medium, key.campaign, key.referrer];
        await client.query(
          'INSERT INTO funnel_sources (utm_source, utm_medium, utm_campaign, referrer_host) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          source,
        );
        const found = await client.query<{ id: number }>(
          'SELECT id FROM funnel_sources WHERE utm_source = $1 AND utm_medium = $2 AND utm_campaign = $3 AND referrer_host = $4',
          source,
        );
        const id = found.rows[0]?.id;
        if (id === undefined) throw new Error('A funnel source was neither stored nor found.');
        await client.query(
          `INSERT INTO funnel_daily (day, step, source_id, count) VALUES ($1, $2, $3, $4)
           ON CONFLICT (day, step, source_id) DO UPDATE SET count = funnel_daily.count + excluded.count`,
          [day, key.step, id, count],
        );
        await client.query(
          `INSERT INTO funnel_daily_totals (day, step, count) VALUES ($1, $2, $3)
           ON CONFLICT (day, step) DO UPDATE SET count = funnel_daily_totals.count + excluded.count`,
          [day, key.step, count],
        );
        await client.query(
          `INSERT INTO funnel_monthly (month, step, source_id, count) VALUES ($1, $2, $3, $4)
           ON CONFLICT (month, step, source_id) DO UPDATE SET count = funnel_monthly.count + excluded.count`,
          [day.slice(0, 7), key.step, id, count],
        );
      }
    });
  }

  async readFunnel(from: Day, to: Day, timeZone: string) {
    const days = await this.pool.query<DayRow>('SELECT day, step, count FROM funnel_daily_totals WHERE day BETWEEN $1 AND $2', [from, to]);
    const parts = funnelParts(from, to);
    const sources = await this.pool.query<SourceRow>(
      `SELECT s.utm_source, s.utm_medium, s.utm_campaign, s.referrer_host, c.step, c.count
       FROM (
         SELECT source_id, step, sum(count) AS count FROM (
           SELECT source_id, step, count FROM funnel_daily WHERE day BETWEEN $1 AND $2
           UNION ALL SELECT source_id, step, count FROM funnel_monthly WHERE month BETWEEN $3 AND $4
           UNION ALL SELECT source_id, step, count FROM funnel_daily WHERE day BETWEEN $5 AND $6
         ) AS parts GROUP BY source_id, step
       ) AS c JOIN funnel_sources AS s ON s.id = c.source_id`,
      [parts.headFrom, parts.headTo, parts.firstMonth, parts.lastMonth, parts.tailFrom, parts.tailTo],
    );
    return assembleFunnel(from, to, timeZone, days.rows, sources.rows);
  }

  async readProfileTotals(from: Day, to: Day): Promise<ProfileTotals> {
    const { rows } = await this.pool.query<Record<string, number | null>>(
      `SELECT ${quotedProfileColumns.map((column) => `sum(${column}) AS ${column}`).join(', ')} FROM profile_daily WHERE day BETWEEN $1 AND $2`,
      [from, to],
    );
    return profileTotalsOf(rows[0]);
  }

  /** The submission ids a period covers (see idRange in server/coach/leads-query.ts). */
  async #idRange({ fromMs, toMs }: TimeRange): Promise<{ lo: number; hi: number }> {
    const one = async (sql: string, value: number) => (await this.pool.query<{ id: number }>(sql, [value])).rows[0]?.id ?? null;
    const lo =
      fromMs === null
        ? 0
        : ((await one('SELECT id FROM submissions WHERE submitted_at >= $1 ORDER BY submitted_at, id LIMIT 1', fromMs)) ?? Number.MAX_SAFE_INTEGER);
    const hi =
      toMs === null
        ? Number.MAX_SAFE_INTEGER
        : ((await one('SELECT id FROM submissions WHERE submitted_at < $1 ORDER BY submitted_at DESC, id DESC LIMIT 1', toMs)) ?? 0);
    return { lo, hi };
  }

  async listLeads({ q, cursor, limit, fromMs, toMs }: LeadListParams): Promise<LeadListResponse> {
    const range = await this.#idRange({ fromMs, toMs });
    const search = normalizeEmail(q);
    const columns = 's.id, s.email, s.first_name, s.ratings, s.submitted_at';
    const isLatest = 'NOT EXISTS (SELECT 1 FROM submissions AS later WHERE later.email = s.email AND later.id > s.id)';
    const periodOf = (add: (value: unknown) => string) =>
      [...(fromMs === null ? [] : [`s.submitted_at >= ${add(fromMs)}`]), ...(toMs === null ? [] : [`s.submitted_at < ${add(toMs)}`])].join(' AND ') ||
      'TRUE';
    let rows: SubmissionRow[];
    let nextCursor: (row: SubmissionRow) => string;
    if (search === '') {
      const { values, add } = parameters();
      const hi = Math.min(range.hi, cursor === null ? Number.MAX_SAFE_INTEGER : Number(cursor) - 1);
      rows = (
        await this.pool.query<SubmissionRow>(
          `SELECT ${columns} FROM submissions AS s WHERE s.id BETWEEN ${add(range.lo)} AND ${add(hi)} AND ${periodOf(add)} AND ${isLatest}
           ORDER BY s.id DESC LIMIT ${add(limit + 1)}`,
          values,
        )
      ).rows;
      nextCursor = (row) => String(row.id);
    } else {
      const after = cursor ?? '';
      const byEmail = parameters();
      const emailRows = (
        await this.pool.query<SubmissionRow>(
          `SELECT ${columns} FROM submissions AS s
           WHERE s.email >= ${byEmail.add(search)} AND s.email < ${byEmail.add(`${search}\u{10FFFF}`)} AND s.email > ${byEmail.add(after)}
             AND s.id BETWEEN ${byEmail.add(range.lo)} AND ${byEmail.add(range.hi)} AND ${periodOf(byEmail.add)} AND ${isLatest}
           ORDER BY s.email LIMIT ${byEmail.add(limit + 1)}`,
          byEmail.values,
        )
      ).rows;
      let nameRows: SubmissionRow[] = [];
      if (!search.includes('@')) {
        const newest = (await this.pool.query<{ id: number | null }>('SELECT max(id) AS id FROM submissions')).rows[0]?.id ?? 0;
        const byName = parameters();
        nameRows = (
          await this.pool.query<SubmissionRow>(
            `SELECT ${columns} FROM submissions AS s
             WHERE s.id BETWEEN ${byName.add(Math.max(range.lo, newest - NAME_SEARCH_WINDOW + 1))} AND ${byName.add(range.hi)}
               AND s.first_name ILIKE ${byName.add(`${escapeLike(q.trim())}%`)} ESCAPE '\\' AND s.email > ${byName.add(after)}
               AND ${periodOf(byName.add)} AND ${isLatest}
             ORDER BY s.email LIMIT ${byName.add(limit + 1)}`,
            byName.values,
          )
        ).rows;
      }
      const merged = new Map<number, SubmissionRow>();
      for (const row of [...emailRows, ...nameRows]) merged.set(row.id, row);
      rows = [...merged.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)).slice(0, limit + 1);
      nextCursor = (row) => row.email;
    }
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { leads: page.map(toSummary), nextCursor: rows.length > limit && last ? nextCursor(last) : null };
  }

  async emailOfLead(id: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ email: string }>('SELECT email FROM submissions WHERE id = $1', [id]);
    return rows[0]?.email ?? null;
  }

  async leadDetail(id: number): Promise<LeadDetail | null> {
    const email = await this.emailOfLead(id);
    if (email === null) return null;
    const { rows } = await this.pool.query<DetailRow>(
      `SELECT s.id, s.email, s.first_name, s.ratings, s.submitted_at, o.id AS o_id, o.webhook_id, o.state, o.attempts, o.created_at,
         o.next_attempt_at, o.last_attempt_at, o.last_status
       FROM submissions AS s LEFT JOIN outbox AS o ON o.submission_id = s.id
       WHERE s.email = $1 ORDER BY s.id DESC`,
      [email],
    );
    return detailOf(email, rows);
  }

  /**
   * Removes a person: every submission under their address and, by cascade, their outbox rows;
   * their submissions leave the profile aggregate in the same transaction. The address is matched
   * as stored (normalised, and also without hidden characters); SQLite's scan for addresses stored
   * with hidden characters before they were refused is not needed here, since every row in
   * Postgres passed today's validation or was copied by migrate-to-postgres (see README).
   */
  async eraseLead(email: string): Promise<EraseResult> {
    const addresses = [...new Set([normalizeEmail(withoutHiddenCharacters(email)), normalizeEmail(email)])];
    return this.#transaction(async (client) => {
      const { rows } = await client.query<{ id: number; submitted_at: number; ratings: string }>(
        'SELECT id, submitted_at, ratings FROM submissions WHERE email = ANY($1::text[]) FOR UPDATE',
        [addresses],
      );
      if (rows.length === 0) return { leads: 0, submissions: 0, pendingDeliveries: 0 };
      const ids = rows.map((row) => row.id);
      const pending = await client.query<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE state = 'pending' AND submission_id = ANY($1::bigint[])", [ids]);
      const timeZone = (await client.query<{ value: string }>('SELECT value FROM analytics_meta WHERE key = $1', [TIME_ZONE_KEY])).rows[0]?.value;
      if (timeZone !== undefined) await addToProfiles(client, profileSumsByDay(rows as ProfileRow[], calendarDay(timeZone), -1), 0);
      await client.query('DELETE FROM submissions WHERE id = ANY($1::bigint[])', [ids]);
      return { leads: 1, submissions: rows.length, pendingDeliveries: pending.rows[0]?.n ?? 0 };
    });
  }

  /**
   * The CSV export, newest person first, read a page at a time down the submissions' key; what is
   * stored after it starts is left out, so a person who submits again meanwhile is not lost.
   */
  async *csvChunks(period?: TimeRange): AsyncGenerator<CsvChunk> {
    yield { csv: csvHeader(), leads: 0 };
    const newest = Number((await this.pool.query<{ id: string | null }>('SELECT max(id) AS id FROM submissions')).rows[0]?.id ?? 0);
    const range = period ? await this.#idRange(period) : { lo: 0, hi: newest };
    let hi = Math.min(range.hi, newest);
    for (;;) {
      const { values, add } = parameters();
      const snapshot = add(newest);
      const conditions = [`s.id BETWEEN ${add(range.lo)} AND ${add(hi)}`];
      if (period?.fromMs != null) conditions.push(`s.submitted_at >= ${add(period.fromMs)}`);
      if (period?.toMs != null) conditions.push(`s.submitted_at < ${add(period.toMs)}`);
      const { rows } = await this.pool.query<ExportRow & { id: number }>(
        `SELECT s.id, s.email, s.first_name, s.ratings, s.submitted_at AS updated_at,
           (SELECT min(f.submitted_at) FROM submissions AS f WHERE f.email = s.email AND f.id <= ${snapshot}) AS created_at,
           (SELECT count(*) FROM submissions AS c WHERE c.email = s.email AND c.id <= ${snapshot}) AS submissions,
           s.consent_version, s.consent_wording, s.marketing_consent
         FROM submissions AS s
         WHERE ${conditions.join(' AND ')}
           AND NOT EXISTS (SELECT 1 FROM submissions AS later WHERE later.email = s.email AND later.id > s.id AND later.id <= ${snapshot})
         ORDER BY s.id DESC LIMIT 5000`,
        values,
      );
      if (rows.length > 0) yield { csv: rows.map(csvLine).join(''), leads: rows.length };
      const last = rows[rows.length - 1];
      if (!last || rows.length < 5000) return;
      hi = last.id - 1;
    }
  }

  async listDeliveries({ filter, cursor, limit, webhookConfigured }: DeliveryListParams): Promise<DeliveriesResponse> {
    const where: Record<DeliveryFilter, string> = {
      failing: "o.state = 'pending' AND o.attempts > 0",
      pending: "o.state = 'pending'",
      gone: "o.state = 'gone'",
      expired: "o.state = 'expired'",
    };
    const { rows } = await this.pool.query<OutboxRow & { email: string; submission_id: number }>(
      `SELECT o.id AS o_id, o.webhook_id, o.state, o.attempts, o.created_at, o.next_attempt_at, o.last_attempt_at, o.last_status,
         s.email, o.submission_id
       FROM outbox AS o JOIN submissions AS s ON s.id = o.submission_id
       WHERE ${where[filter]} AND o.id < $1 ORDER BY o.id DESC LIMIT $2`,
      [cursor ?? Number.MAX_SAFE_INTEGER, limit + 1],
    );
    const counts = (
      await this.pool.query<{ pending: number; failing: number; gone: number; expired: number; oldest: number | null }>(
        `SELECT (SELECT count(*) FROM outbox AS o WHERE ${where.pending}) AS pending,
           (SELECT count(*) FROM outbox AS o WHERE ${where.failing}) AS failing,
           (SELECT count(*) FROM outbox AS o WHERE ${where.gone}) AS gone,
           (SELECT count(*) FROM outbox AS o WHERE ${where.expired}) AS expired,
           (SELECT min(created_at) FROM outbox AS o WHERE ${where.pending}) AS oldest`,
      )
    ).rows[0];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      webhookConfigured,
      counts: { pending: counts?.pending ?? 0, failing: counts?.failing ?? 0, gone: counts?.gone ?? 0, expired: counts?.expired ?? 0 },
      oldestPendingAt: counts?.oldest == null ? null : new Date(counts.oldest).toISOString(),
      deliveries: page.map((row): DeliveryWithLead => ({ ...toDelivery(row), email: row.email, leadId: String(row.submission_id) })),
      nextCursor: rows.length > limit && last ? String(last.o_id) : null,
    };
  }

  async retryDelivery(id: number, now: number): Promise<RetryOutcome> {
    const { rows } = await this.pool.query<{ state: string }>('SELECT state FROM outbox WHERE id = $1', [id]);
    const row = rows[0];
    if (!row) return { problem: 'not_found' };
    if (row.state === 'delivered') return { problem: 'delivered' };
    const updated = await this.pool.query<OutboxRow>(
      `UPDATE outbox SET state = 'pending', next_attempt_at = $1 WHERE id = $2 AND state <> 'delivered' AND ${notBeingSent('$1')}`,
      [now, id],
    );
    const current = await this.pool.query<OutboxRow>(
      `SELECT o.id AS o_id, o.webhook_id, o.state, o.attempts, o.created_at, o.next_attempt_at, o.last_attempt_at, o.last_status
       FROM outbox AS o WHERE o.id = $1`,
      [id],
    );
    const delivery = current.rows[0];
    if (!delivery) return { problem: 'not_found' };
    return updated.rowCount === 0 && delivery.state === 'delivered' ? { problem: 'delivered' } : { delivery: toDelivery(delivery) };
  }

  async leadStats(now: number): Promise<LeadStats> {
    const one = async (sql: string, ...values: unknown[]) => (await this.pool.query<{ n: number | null }>(sql, values)).rows[0]?.n ?? null;
    return statsOf(
      {
        leads: (await one('SELECT count(DISTINCT email) AS n FROM submissions')) ?? 0,
        submissions: (await one('SELECT count(*) AS n FROM submissions')) ?? 0,
        last24h: (await one('SELECT count(*) AS n FROM submissions WHERE submitted_at >= $1', now - DAY_MS)) ?? 0,
        last7d: (await one('SELECT count(*) AS n FROM submissions WHERE submitted_at >= $1', now - 7 * DAY_MS)) ?? 0,
        states: (await this.pool.query<{ state: string; n: number }>('SELECT state, count(*) AS n FROM outbox GROUP BY state')).rows,
        oldestPending: await one("SELECT min(created_at) AS n FROM outbox WHERE state = 'pending'"),
      },
      now,
    );
  }

  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Stores what is queued, then closes the pool. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#inFlight > 0 || this.#queue.length > 0) {
        await new Promise<void>((resolve) => {
          this.#drained = resolve;
          this.#pump();
        });
      }
      await this.pool.end();
    })();
    return this.#closing;
  }
}

/** Adds per-day sums to one shard of the profile aggregate: one statement per day. */
async function addToProfiles(client: pg.PoolClient, byDay: Map<Day, number[]>, shard: number): Promise<void> {
  for (const [day, totals] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await client.query(
      `INSERT INTO profile_daily (day, shard, ${quotedProfileColumns.join(', ')})
       VALUES ($1, $2, ${quotedProfileColumns.map((_, index) => `$${index + 3}`).join(', ')})
       ON CONFLICT (day, shard) DO UPDATE SET ${quotedProfileColumns.map((column) => `${column} = profile_daily.${column} + excluded.${column}`).join(', ')}`,
      [day, shard, ...totals],
    );
  }
}

/**
 * Builds the profile aggregate in `timeZone` if it was built in another (or never): one pass over
 * the submissions, in the migration's lock, so only one instance does it.
 */
async function ensureProfileAggregate(client: pg.PoolClient, timeZone: string): Promise<void> {
  const current = (await client.query<{ value: string }>('SELECT value FROM analytics_meta WHERE key = $1', [TIME_ZONE_KEY])).rows[0]?.value;
  if (current === timeZone) return;
  const dayOf = calendarDay(timeZone);
  await client.query('BEGIN');
  try {
    await client.query('LOCK TABLE profile_daily IN EXCLUSIVE MODE');
    await client.query('DELETE FROM profile_daily');
    for (let after = 0; ; ) {
      const { rows } = await client.query<ProfileRow & { id: number }>(
        'SELECT id, submitted_at, ratings FROM submissions WHERE id > $1 ORDER BY id LIMIT 10000',
        [after],
      );
      const last = rows[rows.length - 1];
      if (!last) break;
      await addToProfiles(client, profileSumsByDay(rows, dayOf, 1), 0);
      after = last.id;
    }
    await client.query('INSERT INTO analytics_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
      TIME_ZONE_KEY,
      timeZone,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * The outbox on Postgres. A claim is one statement: the due rows no other transaction holds
 * (`FOR UPDATE SKIP LOCKED`) get a lease (a fresh token) and their next attempt moves to the lease's
 * end, so no other instance takes them meanwhile; if this instance dies, they come due again then.
 * Outcomes are recorded only where the lease is still this claim's.
 */
export function postgresOutboxQueue(pool: pg.Pool): OutboxQueue {
  return {
    async claimDue(now, limit, leaseMs) {
      const { rows } = await pool.query<DueRow>(
        `WITH claimed AS (
           UPDATE outbox SET next_attempt_at = $2, lease = $3
           WHERE id IN (
             SELECT id FROM outbox WHERE state = 'pending' AND next_attempt_at <= $1
             ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED
           )
           RETURNING id, webhook_id, attempts, created_at, submission_id, lease
         )
         SELECT c.id, c.webhook_id, c.attempts, c.created_at, c.lease, s.email, s.first_name, s.ratings, s.submitted_at, s.public_id,
           s.consent_version, s.consent_wording, s.marketing_consent
         FROM claimed AS c JOIN submissions AS s ON s.id = c.submission_id ORDER BY c.id`,
        [now, now + leaseMs, randomUUID(), limit],
      );
      return rows;
    },
    async record(updates: OutboxUpdate[]) {
      if (updates.length === 0) return;
      await pool.query(
        `UPDATE outbox AS o SET state = u.state, attempts = o.attempts + 1, next_attempt_at = coalesce(u.next, o.next_attempt_at),
           last_attempt_at = u.at, last_status = u.status, lease = NULL
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::int[]) AS u (id, lease, state, next, at, status)
         WHERE o.id = u.id AND o.lease = u.lease`,
        [
          updates.map((update) => update.row.id),
          updates.map((update) => update.row.lease),
          updates.map((update) => update.state),
          updates.map((update) => update.nextAttemptAt),
          updates.map((update) => update.now),
          updates.map((update) => update.status),
        ],
      );
    },
    async nextDueAt() {
      const { rows } = await pool.query<{ at: number | null }>("SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'");
      return rows[0]?.at ?? null;
    },
  };
}

export function postgresSessionTable(pool: pg.Pool): SessionTable {
  type Row = { id: number; created_at: number; last_seen_at: number; expires_at: number };
  const toSession = (row: Row): Session => ({ id: row.id, createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at });
  return {
    async insert(tokenHash, now, expiresAt, idleBefore) {
      await pool.query('DELETE FROM coach_sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [now, idleBefore]);
      const { rows } = await pool.query<{ id: number }>(
        'INSERT INTO coach_sessions (token_hash, created_at, last_seen_at, expires_at) VALUES ($1, $2, $2, $3) RETURNING id',
        [tokenHash, now, expiresAt],
      );
      return rows[0]?.id ?? 0;
    },
    async byTokenHash(tokenHash) {
      const { rows } = await pool.query<Row>('SELECT id, created_at, last_seen_at, expires_at FROM coach_sessions WHERE token_hash = $1', [tokenHash]);
      return rows[0] ? toSession(rows[0]) : null;
    },
    async touch(id, now) {
      await pool.query('UPDATE coach_sessions SET last_seen_at = $1 WHERE id = $2', [now, id]);
    },
    async delete(id) {
      await pool.query('DELETE FROM coach_sessions WHERE id = $1', [id]);
    },
  };
}

/** The settings a change touched, as stored (a JSON array of keys); null for every other action. */
function fieldsOf(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const fields: unknown = JSON.parse(stored);
    return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : null;
  } catch {
    return null;
  }
}
