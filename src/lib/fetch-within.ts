/**
 * How long a call to this site's own server waits for an answer before it counts as failed, so the
 * visitor is told and may try again, rather than watching a spinner that never ends: a phone in a
 * dead zone can keep a request open for minutes. Longer than the server's own limits: it stores a
 * lead or answers 503 within 10 s (server/leads/routes.ts), and drops a request whose body has not
 * arrived within 10 s (server/config.ts), so an answer on its way is never cut short.
 */
export const ANSWER_LIMIT_MS = 20_000;

/** `fetch`, given up when no answer has come within ANSWER_LIMIT_MS: it then rejects, as a network failure does. */
export async function fetchWithin(input: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), ANSWER_LIMIT_MS);
  try {
    return await fetch(input, { ...init, signal: controller.signal });
  } finally {
    window.clearTimeout(timer);
  }
}
