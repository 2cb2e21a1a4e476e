/**
 * The coach API's part for the e-mail tool on the settings screen ("Your e-mail tool"): checking a
 * key (the account it belongs to, and the lists to pick from, fetched live from the tool), and
 * sending a test contact. The settings themselves (tool, key, address, list, tag mapping) are saved
 * with the screen's others (PATCH /api/coach/settings). Server: server/email-tool/routes.ts.
 */
import type { EmailTool } from './email-tool-settings';

export const emailToolApi = {
  /** POST {@link ToolCheckRequest} → {@link ToolCheckResult}: the draft's tool, key and address where given (not saved), else those in force. */
  check: '/api/coach/email-tool/check',
  /** POST {@link ToolTestRequest} → {@link ToolTestResult}: one test contact pushed with the settings in force (saved), and the tool's answer. */
  test: '/api/coach/email-tool/test',
} as const;

/** What the coach typed but has not saved; each part left out is the one in force. */
export type ToolCheckRequest = { tool?: string; apiKey?: string; apiUrl?: string };

/**
 * Why the tool could not be asked or answered: the connector's outcome (`bad-key`: 401/403;
 * `refused`: 400/422; `slow-down`: 429; `retry`: anything else, an unreachable tool too), or
 * `not-ready` (a part is missing or invalid: `field` names it) or `blocked` (OUTBOUND_ALLOWED_HOSTS).
 */
export type ToolProblem = {
  kind: 'bad-key' | 'refused' | 'slow-down' | 'retry' | 'not-ready' | 'blocked';
  status: number | null;
  message: string;
  field: 'emailTool' | 'emailToolApiKey' | 'emailToolApiUrl' | null;
};

export type ToolCheckResult =
  | { ok: true; tool: EmailTool; account: string; listWord: string | null; lists: { id: string; name: string }[] }
  | { ok: false; problem: ToolProblem };

/** The address the test contact gets (the coach's own, prefilled with the recovery address). */
export type ToolTestRequest = { email: string };

export type ToolTestResult = {
  ok: boolean;
  /** The connector's outcome (`done` when the tool has it), or a problem before any request. */
  outcome: 'done' | ToolProblem['kind'];
  status: number | null;
  /** The tool's answer in a line (no address), or what is missing. */
  detail: string;
  /** The labels the test contact was given (a sample profile's, with the mapping in force). */
  labels: string[];
  durationMs: number;
  sentAt: string;
};
