/**
 * The results e-mail written out, in the render thread (./renderer.ts): the model, then its HTML
 * (react-email, about 5 ms of CPU an e-mail) and its plain text. Plain data in, plain strings out.
 */
import { resultsEmailHtml } from './results-email';
import { resultsEmail, type ResultsEmailInput } from './results-email-model';
import { resultsEmailText } from './results-email-text';

/** The results e-mail as it is sent: its subject and both parts. */
export type RenderedEmail = { subject: string; html: string; text: string };

export default async function renderResultsEmail(input: ResultsEmailInput): Promise<RenderedEmail> {
  const email = resultsEmail(input);
  return { subject: email.subject, html: await resultsEmailHtml(email), text: resultsEmailText(email) };
}
