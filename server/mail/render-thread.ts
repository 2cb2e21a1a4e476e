/**
 * The results e-mail written out, in the render thread (./renderer.ts): the model, its HTML
 * (react-email, about 5 ms of CPU an e-mail) and plain text, then the whole message composed as the
 * mailer sends it (headers, MIME parts, encoding). Plain data in, bytes out.
 */
import { type ComposedMail, composeMail } from './mailer';
import { resultsEmailHtml } from './results-email';
import { resultsEmail, type ResultsEmailInput } from './results-email-model';
import { resultsEmailText } from './results-email-text';

/** The results e-mail's subject and both parts. */
export type RenderedEmail = { subject: string; html: string; text: string };

export async function renderResultsEmail(input: ResultsEmailInput): Promise<RenderedEmail> {
  const email = resultsEmail(input);
  return { subject: email.subject, html: await resultsEmailHtml(email), text: resultsEmailText(email) };
}

/** One results e-mail to write: what it says, and its envelope (the coach's sender, the visitor's address, its Message-ID). */
export type EmailTask = { input: ResultsEmailInput; from: string; to: string; messageId: string };

/** What the thread's entry (./render-thread-bootstrap.mjs) is sent: the module to write it with (this one, bundled or not), and the e-mail. */
export type RenderThreadTask = { module: string; task: EmailTask };

export default async function writeResultsEmail({ input, from, to, messageId }: EmailTask): Promise<ComposedMail> {
  return composeMail(from, { to, messageId, ...(await renderResultsEmail(input)) });
}
