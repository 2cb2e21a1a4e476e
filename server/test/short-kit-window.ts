/**
 * Loaded before a server process (`node --import`) by a test of real processes that must not wait
 * real minutes (server/email-tool/tool-crash.test.ts): Kit's limit, 120 requests per 60 s, becomes
 * 120 per KIT_TEST_WINDOW_MS, the Kit fake's window shortened alike. Everything else is the server
 * as it runs: the pacer, its margin, the window every instance shares in Postgres.
 */
import { connectors } from '../email-tool/connectors';
import { kit } from '../email-tool/kit';

const windowMs = Number(process.env.KIT_TEST_WINDOW_MS);
if (!Number.isSafeInteger(windowMs) || windowMs <= 0) throw new Error('KIT_TEST_WINDOW_MS must be a number of milliseconds.');

connectors.kit = (settings, http) => {
  const connector = kit(settings, http);
  return { ...connector, limit: { ...connector.limit, perMs: windowMs } };
};
