/**
 * The dashboard's client for the coach API (routes and shapes: src/shared/coach-api/). Same origin,
 * so the session cookie goes along and the browser sets `Origin` on POST and DELETE by itself.
 */
import type { CoachApiError } from '../shared/coach-api/routes';

export type Query = Record<string, string | undefined>;

/** A refused or failed request: `status` 0 when the server could not be reached. */
export class CoachApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: CoachApiError | null,
  ) {
    super(body?.message ?? `The coach API answered ${status}.`);
  }
}

/** `path?query`, leaving out empty values. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

type Options = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON; a Blob (a chosen file) is sent as its own bytes. */
  body?: unknown;
  signal?: AbortSignal;
};

function isApiError(value: unknown): value is CoachApiError {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

/** Sends one request; resolves with the JSON answer (undefined for 204), or throws a CoachApiFailure. */
export async function coachRequest<T>(path: string, { method = 'GET', query, body, signal }: Options = {}): Promise<T> {
  let response: Response;
  try {
    const raw = body instanceof Blob;
    response = await fetch(withQuery(path, query), {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': raw ? body.type || 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CoachApiFailure(0, null);
  }
  if (response.status === 204) return undefined as T;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CoachApiFailure(response.status, isApiError(json) ? json : null);
  return json as T;
}
