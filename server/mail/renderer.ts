/**
 * Renders results e-mails off the event loop: react-email's HTML costs about 5 ms of CPU an e-mail,
 * which on the main thread would hold up every request waiting behind it (the lead API lost a tenth
 * of its rate with mail on). One worker thread (Piscina) does it, started at the first e-mail, and
 * let go after a minute without one; a thread that dies is replaced, and its e-mail is tried again
 * by the outbox like any failed attempt.
 */
import { Piscina } from 'piscina';
import type { ResultsEmailInput } from './results-email-model';
import type { RenderedEmail } from './render-thread';

export type EmailRenderer = {
  render(input: ResultsEmailInput): Promise<RenderedEmail>;
  close(): Promise<void>;
};

/** A thread with no e-mail to write for this long stops; the next e-mail starts one again. */
const IDLE_MS = 60_000;

export function startEmailRenderer(): EmailRenderer {
  let pool: Piscina<ResultsEmailInput, RenderedEmail> | null = null;
  return {
    render(input) {
      pool ??= new Piscina({
        filename: new URL('./render-thread.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: IDLE_MS,
      });
      return pool.run(input);
    },
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
