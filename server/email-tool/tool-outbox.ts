/**
 * The coach's e-mail tool as the third channel of the durable outbox (server/outbox/delivery-loop.ts),
 * beside the webhook and the results e-mail: each due row (a submission's `lead.submitted` with the
 * consent box off, or its `lead.confirmed` once the visitor confirmed the double opt-in with the box
 * on) becomes an upsert of the contact with its labels (./labels.ts), through the connector of the
 * tool in force (./connectors.ts), paced in the window every instance shares (./pacer.ts).
 *
 * What the tool answers decides the row: `done` delivered; `refused` (an invalid address) final for
 * that contact; `slow-down` tried again when the pacer or the tool says; `retry` after the backoff,
 * for three days. `bad-key` pauses the channel: nothing more is claimed until the settings in force
 * change (a new key, tool or address), and `paused()` says why for the dashboard. The pause is
 * stored (server/storage/pace.ts), so on Postgres every instance stops pushing with that key.
 *
 * An erased person is a row of its own (event `erase`, ./tool-erase.ts): deleted or unsubscribed
 * through the same connector, lease and backoff; `onErased` is told once it is over, for the audit log.
 * A push of a person whose earlier erase is still pending waits for it (./erase-order.ts).
 *
 * One connector (with its tag ids) and one set of connections live as long as the settings they
 * were made for; each attempt's requests wait for a slot only until half its limit has passed.
 */
import { createHash } from 'node:crypto';
import type { AuditAction } from '../../src/shared/audit-actions';
import { decodeRatings } from '../../src/shared/ratings';
import type { OutboundPolicy } from '../outbound/allowed-hosts';
import { type Attempt, type Clock, DeliveryLoop, type OutboxLog, outboxTimings, roundPlan, systemClock } from '../outbox/delivery-loop';
import type { IntakeState } from '../outbox/intake';
import type { SecretBox } from '../settings/secret-box';
import type { PaceWindow, StoredPause } from '../storage/pace';
import type { DueRow, OutboxQueue, OutboxUpdate, ToolEraseRow } from '../storage/storage';
import type { EmailToolConnector, EraseOutcome, ToolContact, ToolOutcome } from './connector';
import { connectors } from './connectors';
import { pushesHeldByErases } from './erase-order';
import { ToolClient } from './http';
import { type SettingsInForce, toolInForce } from './in-force';
import { fieldsOf, labelsOf, ownLabels } from './labels';
import { FIRST_BACKOFF_MS, Pacer } from './pacer';
import { eraseAddressOf, eraseAttemptOf, eraseAuditOf, toolEraseRow, unopenedErase } from './tool-erase';

/** Why the channel stopped: the tool refused the key in force, and what it said. */
export type ToolPause = StoredPause;

export type ToolOutboxOptions = {
  queue: OutboxQueue;
  settings: SettingsInForce;
  outbound: OutboundPolicy;
  paceWindow: PaceWindow;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  leaseMs?: number;
  /** The lead intake, which goes first (server/outbox/intake.ts). */
  intake?: IntakeState;
  /** Told when the tool refuses the key, so the dashboard can say it (and the audit log record it). */
  onPause?: (pause: ToolPause) => void;
  /** The settings' key: an erased person's address is kept sealed with it until the tool is told. */
  secrets: SecretBox;
  /** Told once an erase is over, with what the audit log says: deleted, unsubscribed, or not told (given up). */
  onErased?: (action: AuditAction) => Promise<void>;
};

type Connection = { fingerprint: string; connector: EmailToolConnector; client: ToolClient };

/** The contact a due row becomes: its address and first name, its labels and field under the mapping in force. */
export function contactOf(row: DueRow, mapping: Parameters<typeof labelsOf>[1]): ToolContact {
  const ratings = decodeRatings(row.ratings);
  return {
    email: row.email,
    firstName: row.first_name.trim() === '' ? null : row.first_name,
    labels: labelsOf(ratings, mapping),
    ownLabels: ownLabels(mapping),
    fields: fieldsOf(ratings, mapping),
    confirmedAt: row.event === 'lead.confirmed' ? row.marketing_confirmed_at : null,
  };
}

/** What a push's outcome makes of the row (`bad-key` is handled before: the channel pauses). */
export function attemptOf(outcome: Exclude<ToolOutcome, { kind: 'bad-key' }>): Attempt {
  switch (outcome.kind) {
    case 'done':
      return { result: 'delivered', status: 200 };
    // The tool's own words are the failure's technical answer (the delivery loop checks them).
    case 'refused':
      return { result: 'refused', status: outcome.status, reply: outcome.detail };
    case 'slow-down':
      // Not the contact's fault: tried again when the slot comes, not after the backoff.
      return { result: 'failed', status: outcome.status, retryInMs: outcome.retryAfterMs ?? FIRST_BACKOFF_MS, reply: outcome.detail };
    case 'retry':
      return { result: 'failed', status: outcome.status, reply: outcome.detail };
  }
}

/** What the channel keeps between rounds: the connection for the settings in force, and a pause. */
class ToolChannel {
  readonly #options: ToolOutboxOptions;
  readonly #clock: Clock;
  readonly #pacer: Pacer;
  readonly #requestLimitMs: number;
  #connection: Connection | null = null;

  constructor(options: ToolOutboxOptions, clock: Clock, requestLimitMs: number) {
    this.#options = options;
    this.#clock = clock;
    this.#pacer = new Pacer(options.paceWindow, clock);
    this.#requestLimitMs = requestLimitMs;
  }

  /** Why the settings in force are paused (stored: any instance may have met the refusal), or null. */
  async paused(): Promise<ToolPause | null> {
    const current = this.#connect();
    return current ? this.#options.paceWindow.pausedFor(current.fingerprint) : null;
  }

  configured(): boolean {
    return this.#connect() !== null;
  }

  /** Lifts the pause of the settings in force (every instance's): the next push asks the tool again. */
  async resume(): Promise<void> {
    const current = this.#connect();
    if (current) await this.#options.paceWindow.resume(current.fingerprint);
  }

  async ready(): Promise<boolean> {
    return this.#connect() !== null && (await this.paused()) === null;
  }

  /** The connector for the settings in force, made anew when they change; null while none is set. */
  #connect(): Connection | null {
    const inForce = toolInForce(this.#options.settings);
    const factory = inForce.ok ? connectors[inForce.settings.tool] : undefined;
    if (!inForce.ok || !factory) return this.drop();
    const { tool, apiKey, apiUrl, list } = inForce.settings;
    const fingerprint = createHash('sha256').update(JSON.stringify([tool, apiKey, apiUrl, list, inForce.guarded])).digest('hex');
    if (this.#connection?.fingerprint === fingerprint) return this.#connection;
    this.drop();
    const made: { client?: ToolClient } = {};
    const connector = factory(inForce.settings, (request) => (made.client ? made.client.bound()(request) : Promise.reject(new Error('not connected'))));
    const client = new ToolClient({
      settings: inForce.settings,
      limit: connector.limit,
      guard: inForce.guarded ? this.#options.outbound : null,
      pacer: this.#pacer,
      requestLimitMs: this.#requestLimitMs,
      now: () => this.#clock.now(),
    });
    made.client = client;
    this.#connection = { fingerprint, connector, client };
    return this.#connection;
  }

  /**
   * Tells the tool in force of an erase: the contact deleted where its API can, unsubscribed where it
   * cannot (Kit). Null when no tool is set. Bounded by `limitMs`, a slot under the limit included.
   */
  async erase(email: string, limitMs: number): Promise<EraseOutcome | null> {
    const connection = this.#connect();
    if (!connection) return null;
    const signal = AbortSignal.timeout(limitMs);
    return connection.client.within(this.#clock.now() + limitMs / 2, signal, () => connection.connector.erase(email));
  }

  /** Closes the connections (the settings changed, or the app stops). */
  drop(): null {
    void this.#connection?.client.close();
    this.#connection = null;
    return null;
  }

  async send(row: DueRow, signal: AbortSignal, limitMs: number): Promise<Attempt> {
    const connection = this.#connect();
    const inForce = toolInForce(this.#options.settings);
    // Turned off (or changed to nothing) during the round: the row waits, as after any failure.
    if (!connection || !inForce.ok || signal.aborted) return { result: 'failed', status: null };
    // A slot is waited for only until half the attempt's limit: the request needs the rest.
    const deadline = this.#clock.now() + limitMs / 2;
    if (row.event === 'erase') {
      const address = eraseAddressOf(this.#options.secrets, row);
      if (address === null) return unopenedErase;
      const erased = await connection.client.within(deadline, signal, () => connection.connector.erase(address));
      return erased.kind === 'bad-key' ? this.#pause(connection, erased) : eraseAttemptOf(attemptOf(erased), erased, inForce.settings.tool);
    }
    const outcome = await connection.client.within(deadline, signal, () => connection.connector.upsert(contactOf(row, inForce.mapping)));
    return outcome.kind === 'bad-key' ? this.#pause(connection, outcome) : attemptOf(outcome);
  }

  /** The round's pushes that wait for an earlier erase of their person still pending (./erase-order.ts): one read, normally of nothing. */
  async held(rows: DueRow[]): Promise<ReadonlySet<number>> {
    if (rows.every((row) => row.event === 'erase')) return new Set();
    const erases = await this.#options.queue.pendingErases();
    return pushesHeldByErases(rows, erases.map((erase) => ({ id: erase.id, address: eraseAddressOf(this.#options.secrets, erase) })));
  }

  /** The tool refused the key: the channel pauses (every instance) until the settings change; the row waits. */
  async #pause(connection: Connection, outcome: Extract<ToolOutcome, { kind: 'bad-key' }>): Promise<Attempt> {
    const pause = { status: outcome.status, detail: outcome.detail, at: this.#clock.now() };
    // Told once, by the instance that met the refusal first.
    if (await this.#options.paceWindow.pause(connection.fingerprint, pause)) {
      this.#options.log.warn({ status: outcome.status }, 'the e-mail tool refused the key: its deliveries wait until the settings change');
      this.#options.onPause?.(pause);
    }
    return { result: 'failed', status: outcome.status, retryInMs: FIRST_BACKOFF_MS };
  }
}

/** Erases that are over go to the audit log (an entry lost to a failing write is logged, never thrown into the round). */
async function audited(updates: OutboxUpdate[], options: ToolOutboxOptions): Promise<void> {
  for (const update of updates) {
    const action = eraseAuditOf(update);
    if (action !== null) await options.onErased?.(action).catch((error: unknown) => options.log.error({ err: error }, 'an erase could not be audit-logged'));
  }
}

export class ToolOutbox extends DeliveryLoop {
  readonly #channel: ToolChannel;
  readonly #options: ToolOutboxOptions;

  constructor(options: ToolOutboxOptions) {
    const clock = options.clock ?? systemClock;
    const channel = new ToolChannel(options, clock, roundPlan(options.leaseMs ?? outboxTimings.leaseMs).attemptLimitMs);
    super({
      log: options.log,
      clock,
      random: options.random,
      leaseMs: options.leaseMs,
      intake: options.intake,
      channel: {
        queue: options.queue,
        words: { name: 'e-mail tool', refused: 'the e-mail tool refused the contact for good' },
        ready: () => channel.ready(),
        held: (rows) => channel.held(rows),
        send: (row, signal, limitMs) => channel.send(row, signal, limitMs),
        recorded: (updates) => audited(updates, options),
      },
    });
    this.#channel = channel;
    this.#options = options;
  }

  /** Why the channel is paused now (the tool refused the key in force), or null. */
  paused(): Promise<ToolPause | null> {
    return this.#channel.paused();
  }

  /** Whether a tool is set (with a key and an address): its deliveries are sent, or wait on a pause. */
  configured(): boolean {
    return this.#channel.configured();
  }

  /**
   * The coach's Retry: lifts a pause (the tool may take the same key again: an account unblocked, an
   * address allowed in the tool) and wakes the loop. Refused again, the channel pauses again.
   */
  async retry(): Promise<void> {
    await this.#channel.resume();
    this.wake();
  }

  /**
   * What an erase queues for the tool in force (./tool-erase.ts): its row; `unsealed` when there is no
   * key to keep the address with (Postgres without SETTINGS_ENCRYPTION_KEY: told at once, see
   * `eraseContact`); null when no tool is set.
   */
  eraseRow(email: string, now: number): ToolEraseRow | 'unsealed' | null {
    if (!this.#channel.configured()) return null;
    return toolEraseRow(this.#options.secrets, email, now) ?? 'unsealed';
  }

  /** An erased person, told to the tool in force at once (see ToolChannel.erase), when the erase could not be queued sealed; null when no tool is set. */
  eraseContact(email: string): Promise<EraseOutcome | null> {
    return this.#channel.erase(email, this.attemptLimitMs);
  }

  /** Stops the loop and closes the connections to the tool. */
  override async stop(): Promise<void> {
    await super.stop();
    this.#channel.drop();
  }
}
