/**
 * A bare `ToolHttp` over undici for the connectors' own tests: JSON in and out against a fake, no
 * pacing and no outbound rule (the fakes are on loopback), so a test sees each vendor's own answers,
 * its 429 included. The server's paced, guarded one is ../http.ts.
 */
import { request } from 'undici';
import type { ToolHttp } from '../connector';

export function plainHttp(baseUrl: string): ToolHttp & { sent: { method: string; path: string }[] } {
  const sent: { method: string; path: string }[] = [];
  const http = async (toolRequest: Parameters<ToolHttp>[0]) => {
    sent.push({ method: toolRequest.method, path: toolRequest.path });
    const hasBody = toolRequest.body !== undefined;
    const answer = await request(`${baseUrl}${toolRequest.path}`, {
      method: toolRequest.method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...toolRequest.headers },
      ...(hasBody ? { body: JSON.stringify(toolRequest.body) } : {}),
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await answer.body.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      // Not JSON: the text itself, as a vendor's proxy may answer.
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    return { status: answer.statusCode, headers, body };
  };
  return Object.assign(http, { sent });
}
