/**
 * "Your e-mail tool" on the settings screen, inside the coach API (server/coach/routes.ts registers
 * it, so its guard applies: a session, and the site's own Origin for every POST). The settings
 * themselves are saved with the others (PATCH /api/coach/settings).
 *
 *   POST /api/coach/email-tool/check  the account the key belongs to and its lists, fetched live
 *                                     (the draft's tool, key and address where given, else those in force)
 *   POST /api/coach/email-tool/test   one test contact, pushed with the settings in force; the tool's answer
 *
 * Requests go through the paced, guarded ToolHttp (./http.ts): an address set on the dashboard (or a
 * tool's own) is connected to only where OUTBOUND_ALLOWED_HOSTS allows, and the coach's checks count
 * against the vendor's limit like the leads' pushes.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Rating } from '../../src/shared/constants';
import { coachSettings } from '../../src/shared/coach-settings';
import { emailToolApi, type ToolCheckResult, type ToolProblem, type ToolTestResult } from '../../src/shared/email-tool-api';
import type { TagMapping } from '../../src/shared/email-tool-labels';
import type { OutboundPolicy } from '../outbound/allowed-hosts';
import { allowedAddress, OutboundRefused } from '../outbound/connect';
import type { Actor, Storage } from '../storage/storage';
import type { EmailToolConnector, ToolOutcome } from './connector';
import { connectors } from './connectors';
import { ToolClient } from './http';
import { toolInForce, type SettingsInForce, type ToolDraft } from './in-force';
import { fieldsOf, labelsOf, ownLabels } from './labels';
import { detailLine } from './outcome';
import type { Pacer } from './pacer';

/** How long the coach waits for the tool at most, a slot under its limit included. */
export const CHECK_LIMIT_MS = 15_000;

/** What the coach reads where something needs a tool and none is set (Retry on the Deliveries screen). */
export const toolNotConfigured = 'No e-mail tool is set (Settings, or EMAIL_TOOL).';

/** The test contact's profile: every kind of label shows (needs support, strong, a pattern). */
const sampleRatings: Rating[] = [1, 1, 2, 3, 2, 3, 2, 1, 2];

type Options = {
  settings: SettingsInForce;
  outbound: OutboundPolicy;
  pacer: Pacer;
  storage: Pick<Storage, 'audit'>;
  now: () => number;
  actor: (request: FastifyRequest) => Actor;
};

const notReady = (field: ToolProblem['field'], message: string): ToolProblem => ({ kind: 'not-ready', status: null, message, field });

function problemOf(outcome: Exclude<ToolOutcome, { kind: 'done' }>): ToolProblem {
  const field = outcome.kind === 'bad-key' ? 'emailToolApiKey' : null;
  return { kind: outcome.kind, status: outcome.status, message: outcome.detail, field };
}

/** An outcome whose request was refused by OUTBOUND_ALLOWED_HOSTS says so as `blocked`. */
async function guarded<T>(run: () => Promise<T>): Promise<T | ToolProblem> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OutboundRefused) return { kind: 'blocked', status: null, message: error.message, field: 'emailToolApiUrl' };
    return { kind: 'retry', status: null, message: detailLine(error instanceof Error ? error.message : String(error)), field: null };
  }
}

export const emailToolRoutes: FastifyPluginAsync<Options> = async (app, { settings, outbound, pacer, storage, now, actor }) => {
  /** The connector for the draft (or the settings in force) with its client, each request by the deadline; or why there is none. */
  async function connect(draft: ToolDraft): Promise<{ connector: EmailToolConnector; client: ToolClient; mapping: TagMapping } | ToolProblem> {
    const inForce = toolInForce(settings, draft);
    if (!inForce.ok) return notReady(inForce.field, inForce.message);
    // Said at once and plainly (each request is checked again where it connects: server/outbound/).
    if (inForce.guarded) {
      const refused = await guarded(() => allowedAddress(new URL(inForce.settings.apiUrl).hostname, outbound));
      if ('kind' in refused) return refused;
    }
    const factory = connectors[inForce.settings.tool];
    const deadline = now() + CHECK_LIMIT_MS;
    // The connector's limit is known once it is built; its client is made with it.
    const made: { client?: ToolClient } = {};
    const connector = factory(inForce.settings, (toolRequest) => {
      if (!made.client) throw new Error('The connection to the e-mail tool is not ready.');
      return made.client.http(deadline)(toolRequest);
    });
    const client = new ToolClient({ settings: inForce.settings, limit: connector.limit, guard: inForce.guarded ? outbound : null, pacer, requestLimitMs: CHECK_LIMIT_MS, now });
    made.client = client;
    return { connector, client, mapping: inForce.mapping };
  }

  app.post(emailToolApi.check, { bodyLimit: 4 * 1024 }, async (request): Promise<ToolCheckResult> => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as ToolDraft;
    const draft = { tool: body.tool, apiKey: body.apiKey, apiUrl: body.apiUrl };
    const made = await connect(draft);
    if (!('connector' in made)) return { ok: false, problem: made };
    const { connector, client } = made;
    try {
      const account = await guarded(() => connector.account());
      if ('kind' in account) return { ok: false, problem: account };
      if (!account.ok) return { ok: false, problem: problemOf(account.outcome) };
      const lists = await guarded(() => connector.lists());
      if ('kind' in lists) return { ok: false, problem: lists };
      if (!lists.ok) return { ok: false, problem: problemOf(lists.outcome) };
      // The coach's own account (its address included), on one line.
      const name = account.name.replace(/\s+/g, ' ').trim().slice(0, 200);
      return { ok: true, tool: connector.tool, account: name, listWord: connector.listWord, lists: lists.lists };
    } finally {
      await client.close();
    }
  });

  app.post(emailToolApi.test, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const email = coachSettings.recoveryEmail.check((request.body as { email?: unknown } | null)?.email);
    if (!email.ok) return reply.code(400).send({ error: 'invalid_request', field: 'email', message: 'Test address: write one e-mail address, such as you@example.com.' });
    const sentAt = now();
    const started = performance.now();
    const answer = (result: Omit<ToolTestResult, 'durationMs' | 'sentAt'>): ToolTestResult => ({
      ...result,
      durationMs: Math.round(performance.now() - started),
      sentAt: new Date(sentAt).toISOString(),
    });
    const made = await connect({});
    if (!('connector' in made)) return answer({ ok: false, outcome: made.kind, status: null, detail: made.message, labels: [] });
    const labels = labelsOf(sampleRatings, made.mapping);
    try {
      const contact = { email: email.value, firstName: 'Test', labels, ownLabels: ownLabels(made.mapping), fields: fieldsOf(sampleRatings, made.mapping), confirmedAt: null };
      const outcome = await guarded(() => made.connector.upsert(contact));
      await storage.audit.record('email_tool_test', actor(request), sentAt);
      if ('message' in outcome) return answer({ ok: false, outcome: outcome.kind, status: outcome.status, detail: outcome.message, labels });
      return answer({ ok: outcome.kind === 'done', outcome: outcome.kind, status: outcome.kind === 'done' ? null : outcome.status, detail: outcome.detail, labels });
    } finally {
      await made.client.close();
    }
  });
};
