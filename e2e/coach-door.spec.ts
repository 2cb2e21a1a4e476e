/**
 * The coach's door in Chromium, on a server of the test's own (at http://localhost:<port>: WebAuthn
 * needs a host name, not an IP address): a passkey added with Chromium's virtual authenticator
 * (DevTools' WebAuthn domain), then signing in with it; the second factor enrolled from the QR
 * code's secret (codes computed with otplib, as the server checks them), a sign-in that asks for a
 * code, a recovery code that works once; the signed-in browsers and "Sign out other browsers".
 * axe finds nothing on each screen at 360 and 1280 px; with SHOTS_DIR set, each is saved there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from '@playwright/test';
import { buildApp } from '../server/app';
import type { SetupStatus } from '../src/shared/coach-api/session';
import { accessCopy } from '../src/coach/content/access';
import { stepOf, totpCode } from '../server/coach/access/second-factor';
import { loadConfig } from '../server/config';
import { coachPassword, setTestPassword } from '../server/test/coach-session';
import { expectApiRefusals, expectNoA11yFindings, said, takeApiRefusals } from './coach-a11y';
import { expect, expectNoHorizontalScroll, test as base } from './fixtures';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const test = base.extend<{ doorServer: { url: string; app: FastifyInstance } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  doorServer: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-e2e-door-'));
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const app = await buildApp({ ...loadConfig({}), host: '127.0.0.1', port, dataDir, logLevel: 'silent', publicUrl: url });
    await setTestPassword(app);
    await app.listen({ host: '127.0.0.1', port });
    await use({ url, app });
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ doorServer }, use) => use(doorServer.url),
});

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** axe, no sideways scroll and a screenshot at 360 and at 1280 px, back to 360 after. */
async function checkScreen(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await expectNoHorizontalScroll(page);
    await expectNoA11yFindings(page, `${name} at ${width} px`);
    await shoot(page, name);
  }
}

async function signInWithPassword(page: Page) {
  await page.goto('/coach');
  await page.getByLabel('Password').fill(coachPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signed in: the dashboard's shell (whichever view the address names). */
const expectSignedIn = (page: Page) => expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

const openSecurity = async (page: Page) => {
  await page.getByRole('link', { name: 'Sign-in and backups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in and backups' })).toBeVisible();
};

test('a passkey added with the virtual authenticator signs the coach in, without the password', async ({ page, consoleErrors }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signInWithPassword(page);
  await openSecurity(page);
  await expect(page.getByText('No passkey yet.')).toBeVisible();
  // A name pasted too long is kept whole and refused with its real length before the browser's steps (it was cut at 60).
  const longName = 'The laptop at home, the grey one with a sticker on its lid, bought in 2024';
  await page.getByLabel('Name of the new passkey').fill(longName);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(`Please give the passkey a name of at most 60 characters (this has ${longName.length}).`)).toBeVisible();
  await expect(page.getByLabel('Name of the new passkey')).toHaveValue(longName);
  await page.getByLabel('Name of the new passkey').fill('Laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey “Laptop” added.')).toBeVisible();
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByText('Laptop', { exact: true })).toBeVisible();
  await expect(passkeys).toContainText('not used yet');
  // Renamed too long: refused as a problem (it was set in the teal of good news), the name kept whole.
  await passkeys.getByRole('button', { name: 'Rename' }).click();
  const newName = page.getByLabel('New name for “Laptop”');
  // The field takes the place of the button pressed, and the focus with it (it was left on the page).
  await expect(newName).toBeFocused();
  await newName.fill(longName);
  await passkeys.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('status').filter({ hasText: `Please give the passkey a name of at most 60 characters (this has ${longName.length}).` });
  await expect(refusal).toHaveCSS('color', 'rgb(191, 8, 17)');
  await expect(newName).toHaveValue(longName);
  // A screen reader hears it too: the field is marked invalid and described by the refusal, until it is changed.
  await expect(newName).toHaveAttribute('aria-invalid', 'true');
  await expect(newName).toHaveAccessibleDescription(`Please give the passkey a name of at most 60 characters (this has ${longName.length}).`);
  await newName.press('Backspace');
  await expect(newName).not.toHaveAttribute('aria-invalid');
  await passkeys.getByRole('button', { name: 'Cancel' }).click();
  await expect(passkeys.getByRole('button', { name: 'Rename' })).toBeFocused();
  // A rename that works says so, as adding and removing do (it said nothing: the message was emptied).
  await passkeys.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('New name for “Laptop”').fill('Work laptop');
  await page.getByLabel('New name for “Laptop”').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Passkey renamed to “Work laptop”.' })).toBeVisible();
  await expect(passkeys.getByText('Work laptop', { exact: true })).toBeVisible();
  await expect(passkeys.getByRole('button', { name: 'Rename' })).toBeFocused();
  await checkScreen(page, 'security-passkey');

  await signOut(page);
  await checkScreen(page, 'sign-in');
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expectSignedIn(page);
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
  // Removed, the passkey takes its button with it: focus goes to the line saying so, not to the page's body.
  await page.getByRole('button', { name: 'Remove passkey “Work laptop”' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Passkey “Work laptop” removed.' })).toBeFocused();
  await expect(page.getByText('No passkey yet.')).toBeVisible();
  // Before signing in, the dashboard asked who was signed in: 401s, logged by Chromium.
  expect(takeApiRefusals(consoleErrors).every((status) => status === 401)).toBe(true);
});

test('a passkey that was not used is said beside its button; the password field, not used, is not marked wrong', async ({ page, consoleErrors }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  // An authenticator that holds no passkey for this site: the browser's dialog ends with none used.
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto('/coach');
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  const passkeyButton = page.getByRole('button', { name: 'Use a passkey instead' });
  await expect(page.getByRole('alert').filter({ hasText: 'No passkey was used. Try again, or sign in with your password.' })).toBeVisible();
  await expect(passkeyButton).toHaveAccessibleDescription('No passkey was used. Try again, or sign in with your password.');
  // The password field was marked invalid (red, "invalid entry") and described by the passkey's refusal.
  const password = page.getByLabel('Password');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(password).toHaveAccessibleDescription('');
  await checkScreen(page, 'sign-in-passkey-not-used');
  await password.fill(coachPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  expect(takeApiRefusals(consoleErrors).every((status) => status === 401)).toBe(true);
});

test('the second factor: enrolled from the QR code’s secret; then sign-in asks for a code; a recovery code works once', async ({ page, consoleErrors }) => {
  await signInWithPassword(page);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Core Drivers to your authenticator app' })).toBeVisible();
  // Each step takes the place of the button that led to it, and the focus with it (it was left on the page).
  await expect(page.getByText('Scan this code with your authenticator app', { exact: false })).toBeFocused();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await checkScreen(page, 'second-factor-enrol');

  // A wrong code first: said, and nothing turned on.
  await page.getByLabel('The 6-digit code your app shows').fill('000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(said(page, 'alert')).toContainText('That code is not right');
  await page.getByLabel('The 6-digit code your app shows').fill(await totpCode(secret, stepOf(Date.now())));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codesBlock = page.getByLabel('Recovery codes', { exact: true });
  await expect(codesBlock).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  const recoveryCodes = (await codesBlock.innerText()).trim().split('\n');
  expect(recoveryCodes).toHaveLength(10);
  await checkScreen(page, 'second-factor-codes');
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByText(/^On since/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeFocused();

  // The password alone now leads to the code step; a code of the next step (one the server has not seen yet) signs in.
  await signOut(page);
  await page.getByLabel('Password').fill(coachPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await expect(page.getByLabel('Code')).toBeFocused();
  await checkScreen(page, 'sign-in-code');
  // Back to the password and forward again: focus goes to the field to type into each time.
  await page.getByRole('button', { name: 'Start again with the password' }).click();
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill(coachPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Code')).toBeFocused();
  await page.getByLabel('Code').fill(await totpCode(secret, stepOf(Date.now()) + 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page);

  // A recovery code, once.
  const [recovery] = recoveryCodes;
  for (const attempt of ['first', 'second'] as const) {
    await signOut(page);
    await page.getByLabel('Password').fill(coachPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Code').fill(recovery ?? '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (attempt === 'first') {
      await expectSignedIn(page);
    } else {
      await expect(said(page, 'alert')).toContainText('That code is not right, or was used already.');
      await expect(page.getByLabel('Code')).toBeFocused();
    }
  }
  // The refusals the browser logged: the code asked for (401 each time the password was sent alone), the wrong and used codes.
  expect(takeApiRefusals(consoleErrors).every((status) => status === 401)).toBe(true);
});

test('"Forgot your password?" and back: focus goes to the field to type into, not lost with the button pressed', async ({ page, consoleErrors }) => {
  // Mail on, as far as the sign-in screen is told (this server has no mail server: nothing is sent here).
  await page.route('**/api/coach/setup', (route) => route.fulfill({ json: { passwordSet: true, resetByMail: true } satisfies SetupStatus }));
  await page.goto('/coach');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Recovery address')).toBeFocused();
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Password')).toBeFocused();
  // The dashboard asked who was signed in: a 401, logged by Chromium.
  expect(takeApiRefusals(consoleErrors).every((status) => status === 401)).toBe(true);
});

test('a reset link cut short when copied (nothing after #) says so on the sign-in page, not nothing', async ({ page, consoleErrors }) => {
  await page.route('**/api/coach/setup', (route) => route.fulfill({ json: { passwordSet: true, resetByMail: true } satisfies SetupStatus }));
  await page.goto('/coach/reset#');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(said(page, 'status')).toHaveText(accessCopy.reset.linkCut);
  await expect(page).toHaveURL(/\/coach$/);
  // The dashboard asked who was signed in: a 401, logged by Chromium.
  expect(takeApiRefusals(consoleErrors).every((status) => status === 401)).toBe(true);
});

test('too many reset links asked for: said as such, the address kept, and signing in still works', async ({ page, consoleErrors }) => {
  await page.route('**/api/coach/setup', (route) => route.fulfill({ json: { passwordSet: true, resetByMail: true } satisfies SetupStatus }));
  await page.goto('/coach');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const address = page.getByLabel('Recovery address');
  // Three links in half an hour; the fourth request is refused (server/coach/access/reset.ts).
  for (let request = 1; request <= 4; request += 1) {
    await address.fill(`coach${request}@example.com`);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/coach/password-reset'));
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await answered;
  }
  const refusal = said(page, 'alert');
  // It said "sign-in is paused", which is not so: only reset links are.
  await expect(refusal).toHaveText(/^Too many reset links were asked for\. You can ask again in 30 minutes \(at \d\d:\d\d\)\. Signing in with your password or a passkey still works\.$/);
  await expect(address).toHaveValue('coach4@example.com');
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await page.getByLabel('Password').fill(coachPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page);
  // Who was signed in (401), and the refused fourth request (429).
  await expectApiRefusals(consoleErrors, [401, 429]);
});

test('changing the password: an empty or wrong current password is said on its field, focus goes there, the new ones are kept', async ({ page, consoleErrors }) => {
  await signInWithPassword(page);
  await openSecurity(page);
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password');
  const again = page.getByLabel('Type the new one again');
  await next.fill('a brand new calm password');
  await again.fill('a brand new calm password');
  await page.getByRole('button', { name: 'Change the password' }).click();
  // It was sent empty and refused in the API's words ("Send your password as {...}"), on the new password's field.
  await expect(current).toHaveAccessibleDescription('Please type your current password.');
  await expect(current).toBeFocused();
  await expect(next).not.toHaveAttribute('aria-invalid');
  await current.fill('not the password at all');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(current).toHaveAccessibleDescription('Your current password is not right, so the password is unchanged.');
  await expect(current).toBeFocused();
  await expect(next).toHaveValue('a brand new calm password');
  await expect(again).toHaveValue('a brand new calm password');
  await expectApiRefusals(consoleErrors, [401, 401]);
});

async function secondBrowser(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 360, height: 740 }, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' });
  const page = await context.newPage();
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  return page;
}

test('signed-in browsers in words, with when each last acted; "Sign out other browsers" ends the others', async ({ page, browser, doorServer, consoleErrors }) => {
  const phone = await secondBrowser(browser, doorServer.url);
  await signInWithPassword(page);
  await openSecurity(page);
  const list = page.getByRole('list', { name: 'Signed-in browsers' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Safari on iPhone');
  // Playwright's desktop Chrome says it runs on Windows.
  await expect(list.getByRole('listitem').filter({ hasText: 'This browser' })).toContainText('Chrome on Windows');
  await checkScreen(page, 'browsers');

  await page.getByRole('button', { name: 'Sign out other browsers' }).press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // No other browser left, the button has gone: focus is on the line saying what happened, not on the page's body.
  await expect(page.getByText('1 other browser was signed out.')).toBeFocused();
  // The phone's next request finds its session gone.
  await phone.getByRole('link', { name: 'Leads' }).click();
  await expect(phone.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await phone.context().close();
  expect(takeApiRefusals(consoleErrors).every((status) => status === 401)).toBe(true);
});
