/**
 * Writes results e-mails off the event loop: react-email's HTML costs about 5 ms of CPU an e-mail,
 * and composing the message (encoding its parts) more, which on the main thread would hold up every
 * request waiting behind it (the lead API lost a quarter of its rate with mail on); the mailer then
 * streams the finished bytes. One worker thread does it (server/on-demand-thread.ts), started at the
 * first e-mail, and let go after a minute without one; a thread that dies is replaced, and its e-mail
 * is tried again by the outbox like any failed attempt.
 */
import { onDemandThread } from '../on-demand-thread';
import { threadEntry } from '../thread-entry';
import type { ComposedMail } from './mailer';
import type { EmailTask, RenderThreadTask } from './render-thread';

export type EmailRenderer = {
  /** The results e-mail, composed as it is sent. */
  write(task: EmailTask): Promise<ComposedMail>;
  close(): Promise<void>;
};

export function startEmailRenderer(): EmailRenderer {
  const thread = onDemandThread<RenderThreadTask, ComposedMail>(new URL('./render-thread-bootstrap.mjs', import.meta.url));
  return {
    // The thread loads ./render-thread.ts bundled, as the storage threads load theirs (built once per process).
    write: async (task) => thread.run({ module: (await threadEntry(new URL('./render-thread.ts', import.meta.url))).href, task }),
    close: () => thread.close(),
  };
}
