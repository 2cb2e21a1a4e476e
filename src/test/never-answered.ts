/**
 * A `fetch` whose server never answers (a phone in a dead zone): the request stays open until the
 * caller gives it up through its signal, when it rejects as the browser's fetch does.
 */
export function neverAnswered(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
