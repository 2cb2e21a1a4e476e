/**
 * Boots the server: `npm start` runs this after building. SIGTERM or SIGINT stops it gracefully:
 * no new connections, new requests on open ones refused with 503, requests in flight answered
 * (within 8 seconds), queued leads written, deliveries in progress recorded, the database closed.
 * A second signal, or 10 seconds without finishing, exits at once.
 */
// First, so that React loads its production build (./node-env.ts).
import './node-env';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { loadEnvFile } from './env-file';

/** Requests in flight at the signal get this long to be answered; then they are cut. */
const DRAIN_DEADLINE_MS = 8_000;
const SHUTDOWN_GRACE_MS = 10_000;

try {
  loadEnvFile();
  const config = loadConfig();
  const app = await buildApp(config);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app
      .drain(DRAIN_DEADLINE_MS)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}
