import { afterEach, expect, test } from 'vitest';
import { type RunningApp, startApp, testConfig } from '../test/helpers';
import { hashPassword, verifyPassword } from './password';

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.close();
  running = undefined;
});

test('the right password matches, a wrong one does not, whatever Unicode form it was typed in', async () => {
  const hash = await hashPassword('caf\u00E9 au lait, s\u2019il vous pla\u00EEt', { log2N: 10, r: 8, p: 1 });
  expect(await verifyPassword('cafe\u0301 au lait, s\u2019il vous pla\u00EEt', hash)).toBe(true);
  expect(await verifyPassword('cafe au lait, s\u2019il vous plait', hash)).toBe(false);
});

test('8 password checks at once leave the site free: a static file is answered before the first check ends', async () => {
  running = await startApp(testConfig());
  // The real cost (N = 2^17: about half a second and 128 MiB per check).
  const hash = await hashPassword('the coach password, long enough');
  const finished: number[] = [];
  const checks = Array.from({ length: 8 }, (_, index) =>
    verifyPassword(`wrong guess ${index}`, hash).then(() => void finished.push(performance.now())),
  );
  const asset = await fetch(`${running.url}/assets/index-abc123.js`);
  const answeredAt = performance.now();
  expect(asset.status).toBe(200);
  await asset.text();
  expect(finished).toEqual([]);
  await Promise.all(checks);
  expect(Math.min(...finished)).toBeGreaterThan(answeredAt);
}, 120_000);
