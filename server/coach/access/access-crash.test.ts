/**
 * kill -9 right after the second factor was turned on: the acknowledged enrolment (its sealed
 * secret and hashed recovery codes) and the browser's name are there when the server comes back on
 * the same DATA_DIR, so the password alone no longer signs in. A real server process, on SQLite.
 */
import { expect, test } from 'vitest';
import { coachApi } from '../../../src/shared/coach-api/routes';
import { type BrowserList, coachAccessApi, type RecoveryCodes, type TotpEnrolment } from '../../../src/shared/coach-api/access';
import { tempDir } from '../../test/helpers';
import { spawnServer } from '../../test/server-process';
import { SESSION_COOKIE } from '../sessions';
import { stepOf, totpCode } from './second-factor';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const password = 'a long crash-test password';

function call(url: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  return fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: url,
      'user-agent': chrome,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${init.token}` }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const tokenOf = (response: Response) => /__Host-core-drivers-coach=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';

test('the second factor turned on survives kill -9: after the restart a password alone asks for a code', async () => {
  const dataDir = tempDir();
  const first = await spawnServer({ DATA_DIR: dataDir });
  await expect.poll(() => /#([A-Za-z0-9_-]{43})/.test(first.output()), { timeout: 10_000 }).toBe(true);
  const code = /#([A-Za-z0-9_-]{43})/.exec(first.output())?.[1] ?? '';
  const setUp = await call(first.url, coachApi.setup, { method: 'POST', body: { code, password } });
  expect(setUp.status).toBe(200);
  const token = tokenOf(setUp);
  const { secret } = (await (await call(first.url, coachAccessApi.secondFactorEnrolment, { method: 'POST', token })).json()) as TotpEnrolment;
  const confirmed = await call(first.url, coachAccessApi.secondFactor, { method: 'POST', token, body: { code: await totpCode(secret, stepOf(Date.now())) } });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as RecoveryCodes;
  first.child.kill('SIGKILL');
  await first.exited;

  const second = await spawnServer({ DATA_DIR: dataDir });
  const asked = await call(second.url, coachApi.session, { method: 'POST', body: { password } });
  expect(asked.status).toBe(401);
  expect(await asked.json()).toMatchObject({ error: 'second_factor_required' });
  // The session signed in before the crash is still there, named by its browser.
  const browsers = (await (await call(second.url, coachAccessApi.browsers, { token })).json()) as BrowserList;
  expect(browsers.browsers.map((browser) => browser.browser)).toEqual(['Chrome on Linux']);
  const withRecovery = await call(second.url, coachApi.session, { method: 'POST', body: { password, code: recoveryCodes[0] } });
  expect(withRecovery.status).toBe(200);
  // The limit guards against a hang: two servers and real scrypt took 40-56 s beside the end-to-end tests in CI.
}, 180_000);
