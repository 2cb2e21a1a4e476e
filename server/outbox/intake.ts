/**
 * Lead intake first. Sending (the results e-mail, the webhook, the e-mail tool) and storing new
 * leads share the same cores; during a burst of leads (a mailing to thousands of readers, an
 * advert) a visitor waiting for their answer matters more than an e-mail that may leave a few
 * seconds later. So the delivery loops (./delivery-loop.ts) ask this gauge before each round and,
 * while the intake is busy, wait instead of claiming: the rows stay queued in the database, nothing
 * is lost or reordered, and the loops work off the queue as soon as the burst eases.
 *
 * "Busy" is a count, not a guess about the machine: more than `busyLeads` leads stored in the
 * current or the previous window of `windowMs`. Normal running (a lead now and then) is never busy,
 * so e-mails leave at once as before; after a burst they leave within two windows of its end.
 * However long a burst lasts, no loop waits more than `maxDeferMs` in a row: past that it sends as
 * usual, side by side with the intake, until the burst eases.
 */
export const intakeTimings = {
  /** Leads are counted in windows this long. */
  windowMs: 1_000,
  /** More leads than this in a window (this one or the one before) and the intake is busy. */
  busyLeads: 50,
  /** While the intake is busy, a waiting loop looks again this often. */
  recheckMs: 250,
  /**
   * The longest a loop waits for the intake in a row; then it sends meanwhile. A minute: longer than
   * any burst a coach's page sees (a mailing's first rush), short enough that nothing starves.
   */
  maxDeferMs: 60_000,
} as const;

/** What a delivery loop asks: is the intake busy right now? */
export type IntakeState = { busy(): boolean };

export class IntakeGauge implements IntakeState {
  readonly #clock: { now(): number };
  #window = 0;
  #count = 0;
  #previous = 0;

  constructor(clock: { now(): number }) {
    this.#clock = clock;
  }

  /** Moves to the current window: the one just ended becomes the previous one (an older one counts as empty). */
  #roll(): void {
    const window = Math.floor(this.#clock.now() / intakeTimings.windowMs);
    if (window === this.#window) return;
    this.#previous = window === this.#window + 1 ? this.#count : 0;
    this.#window = window;
    this.#count = 0;
  }

  /** `count` new leads were stored (a batch of the group commit, or one). */
  stored(count = 1): void {
    this.#roll();
    this.#count += count;
  }

  busy(): boolean {
    this.#roll();
    return this.#count > intakeTimings.busyLeads || this.#previous > intakeTimings.busyLeads;
  }
}
