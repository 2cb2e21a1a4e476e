/**
 * The crash tests' burst (server/mail/mail-crash.test.ts, server/email-tool/tool-crash.test.ts):
 * `total` leads, 12 at a time, to `target()`; `victim` killed with SIGKILL once `killAfter` (50) are acknowledged;
 * a lead whose answer never came is sent again (same Idempotency-Key) to `target()` once it is back.
 */
import { expect } from 'vitest';
import { postLead } from './helpers';
import type { Spawned } from './server-process';

export async function burstWithKill(
  total: number,
  lead: (index: number) => object,
  target: () => string | Promise<string>,
  victim: Spawned,
  keyPrefix: string,
  killAfter = 50,
): Promise<number> {
  let next = 0;
  let acknowledged = 0;
  let killed = false;
  const send = async (index: number) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        const response = await postLead(await target(), lead(index), { 'idempotency-key': `${keyPrefix}-${index}` });
        if (response.status === 201) return;
      } catch {
        // The killed process: the answer never came.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`lead ${index} was never acknowledged`);
  };
  const worker = async () => {
    while (next < total) {
      await send(next++);
      acknowledged += 1;
      if (acknowledged === killAfter && !killed) {
        killed = true;
        victim.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  expect(killed).toBe(true);
  return acknowledged;
}
