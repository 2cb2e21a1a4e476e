/**
 * Writes results e-mails off the event loop: react-email's HTML costs about 5 ms of CPU an e-mail,
 * and composing the message (encoding its parts) more, which on the main thread would hold up every
 * request waiting behind it (the lead API lost a quarter of its rate with mail on); the mailer then
 * streams the finished bytes. One worker thread (Piscina) does it, started at the first e-mail, and
 * let go after a minute without one; a thread that dies is replaced, and its e-mail is tried again
 * by the outbox like any failed attempt.
 */
import { Piscina } from 'piscina';
import type { ComposedMail } from './mailer';
import type { EmailTask } from './render-thread';

export type EmailRenderer = {
  /** The results e-mail, composed as it is sent. */
  write(task: EmailTask): Promise<ComposedMail>;
  close(): Promise<void>;
};

/** A thread with no e-mail to write for this long stops; the next e-mail starts one again. */
const IDLE_MS = 60_000;

export function startEmailRenderer(): EmailRenderer {
  let pool: Piscina<EmailTask, ComposedMail> | null = null;
  return {
    write(task) {
      pool ??= new Piscina({
        filename: new URL('./render-thread-bootstrap.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: IDLE_MS,
        // Tasks come as messages on the thread's event loop (its rendering is asynchronous), not through a blocking wait.
        atomics: 'disabled',
      });
      return pool.run(task);
    },
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
