/**
 * `GET /api/health`, for load balancers and uptime checks: `200 {"status":"ok"}` when storage
 * accepted a write (one small row, committed) within 2 s, else `503` with a reason. It shows no
 * data and no configuration. Checks that arrive while one is running wait for that one, so a
 * stalled disk is never asked for more than one write at a time.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from './storage/storage';

export const HEALTH_WRITE_LIMIT_MS = 2_000;

export type HealthAnswer = { status: 'ok' } | { status: 'unavailable'; reason: string };

const reasons = {
  slow: `Storage did not accept a write within ${HEALTH_WRITE_LIMIT_MS / 1000} s.`,
  failed: 'Storage refused a write.',
};

/** Resolves after `ms` with `value`, on a timer held (and cleared) here. */
function after<T>(ms: number, value: T): { promise: Promise<T>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(value), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export const healthRoutes: FastifyPluginAsync<{ storage: Pick<Storage, 'leads'>; now: () => number }> = async (app, { storage, now }) => {
  let running: Promise<HealthAnswer> | null = null;
  const probe = () =>
    (running ??= storage.leads
      .probeWrite(now())
      .then(
        (): HealthAnswer => ({ status: 'ok' }),
        (error: unknown): HealthAnswer => {
          app.log.error({ err: error }, 'health check: storage refused a write');
          return { status: 'unavailable', reason: reasons.failed };
        },
      )
      .finally(() => (running = null)));

  app.get('/api/health', async (_request, reply) => {
    const limit = after<HealthAnswer>(HEALTH_WRITE_LIMIT_MS, { status: 'unavailable', reason: reasons.slow });
    const answer = await Promise.race([probe(), limit.promise]);
    limit.cancel();
    return reply
      .code(answer.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
};
