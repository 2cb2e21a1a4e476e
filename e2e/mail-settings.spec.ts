/**
 * The coach turns mail on from the settings screen, in Chromium, against a real SMTP server on
 * loopback (with a login): the state before (off, and what is missing), a refused address (the
 * message names the field), the saved server (shown without its password), "Send a test e-mail"
 * with the server's answer (accepted; then a wrong password, explained), and a visitor's results
 * e-mail sent without a restart. axe and no sideways scroll at 360 and 1280 px. With SHOTS_DIR set,
 * each state is saved there too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { coachPassword, setTestPassword } from '../server/test/coach-session';
import { startSmtpSink, type SmtpSink } from '../server/test/smtp-sink';
import { testEmailCopy } from '../src/content/email';
import { expectApiRefusals, expectNoA11yFindings } from './coach-a11y';
import { expect, expectNoHorizontalScroll, expectPlaceholdersFit, test as base } from './fixtures';
import { clickSave, saveAll } from './save-bar';
import { coreDriversState, openResultsWithState } from './results-state';

const smtpPassword = 'p@ss/w0rd-hunter2';

/** A free port on 127.0.0.1, known before the server starts: PUBLIC_URL (the e-mail's links, the dashboard's Origin) names it. */
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

type MailSettingsServer = { url: string; sink: SmtpSink; app: FastifyInstance };

const test = base.extend<{ mailSettingsServer: MailSettingsServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  mailSettingsServer: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-e2e-mail-settings-'));
    const sink = await startSmtpSink({ requireAuth: { username: 'coach', password: smtpPassword } });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The sink listens on 127.0.0.1: allowed here as an operator would (server/outbound/allowed-hosts.ts).
    const app = await buildApp({ ...loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'loopback' }), host: '127.0.0.1', port, dataDir, logLevel: 'silent', publicUrl: url });
    await setTestPassword(app);
    await app.listen({ host: '127.0.0.1', port });
    await use({ url, sink, app });
    await app.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ mailSettingsServer }, use) => use(mailSettingsServer.url),
});

/** The whole screen, and the mail section alone (easier to read). */
async function shoot(page: Page, name: string, width: number) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  await page.getByRole('region', { name: 'Sending e-mail', exact: true }).screenshot({ path: `${dir}/${name}-section-${width}.png` });
}

function smtpUrlOf(sink: SmtpSink, password: string): string {
  const url = new URL(sink.url);
  url.username = 'coach';
  url.password = encodeURIComponent(password);
  return url.href;
}

for (const width of [360, 1280]) {
  test(`mail turned on from the settings screen at ${width} px: checked, saved, tested, used without a restart`, async ({ page, mailSettingsServer, browser, consoleErrors }) => {
    test.setTimeout(180_000);
    const { sink } = mailSettingsServer;
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.goto('/coach');
    await page.getByLabel('Password').fill(coachPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Sending e-mail', exact: true });
    await expect(section.getByText('Off: the mail server (SMTP) is not set.')).toBeVisible();
    await shoot(page, 'mail-settings-off', width);
    // Not signed in at first: what Chromium logs for the session check's 401.
    await expectApiRefusals(consoleErrors, [401]);

    // A refused address: the message names the field and never repeats the password.
    const server = page.getByLabel(/^Mail server \(SMTP\)/);
    await server.fill(`https://coach:${encodeURIComponent(smtpPassword)}@mail.example.com`);
    await page.getByLabel(/^Sender address/).fill('Sam Rivera <coach@coach.example>');
    await clickSave(page);
    await expect(server).toHaveAttribute('aria-invalid', 'true');
    await expect(server).toHaveAccessibleDescription(/Mail server \(SMTP\): start it with smtp:\/\/ or smtps:\/\//);
    await expect(section).not.toContainText('hunter2');
    await expectNoA11yFindings(page, 'settings, mail off, a field refused');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'mail-settings-refused', width);

    await server.fill(smtpUrlOf(sink, smtpPassword));
    await saveAll(page);
    // A secret is never shown again, only where mail goes.
    await expect(server).toHaveValue('');
    await expect(server).toHaveAttribute('placeholder', 'Set and hidden');
    await expectPlaceholdersFit(page);
    await expect(section.getByText(`On: results e-mails go out through smtp://coach:***@127.0.0.1:${sink.port}, from Sam Rivera <coach@coach.example>.`)).toBeVisible();

    // A mail server typed but not saved: the test would use the saved one (or say mail is off, just
    // after the coach typed it). It waits for the save, and says so.
    const sendTest = section.getByRole('button', { name: 'Send a test e-mail' });
    await server.fill('smtp://mail.example.com:587');
    await expect(sendTest).toBeDisabled();
    await expect(sendTest).toHaveAccessibleDescription('Save your changes first: the test uses the saved mail server and sender.');
    await server.fill('');
    await expect(sendTest).toBeEnabled();

    await sendTest.press('Enter');
    await expect(section.getByText('The mail server took the test e-mail for coach@coach.example.', { exact: false })).toBeVisible();
    // Pressed from the keyboard, the button kept the focus while it waited (src/lib/busy-button.tsx).
    await expect(sendTest).toBeFocused();
    await expect(section.getByText(/^250 /)).toBeVisible();
    const [testMail] = await sink.waitFor(1);
    expect(testMail?.subject).toBe(testEmailCopy.subject);
    await expectNoA11yFindings(page, 'settings, mail on, test accepted');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'mail-settings-tested', width);

    // A visitor's results e-mail goes out at once: no restart.
    const visitor = await (await browser.newContext({ baseURL: mailSettingsServer.url })).newPage();
    await openResultsWithState(visitor, coreDriversState('113122232'));
    await expect(visitor.getByText('Your profile will also arrive by email', { exact: false })).toBeVisible();
    await visitor.getByLabel('Email', { exact: true }).fill('visitor@example.org');
    await visitor.getByLabel('First name').fill('Vi');
    await visitor.getByRole('button', { name: 'Show Me My Insights' }).click();
    const [, results] = await sink.waitFor(2, 20_000);
    expect(results?.envelopeTo).toEqual(['visitor@example.org']);
    await visitor.context().close();

    // A wrong password: the test explains it and shows the server's answer.
    await server.fill(smtpUrlOf(sink, 'not-the-password'));
    await saveAll(page);
    await expect(server).toHaveValue('');
    await section.getByRole('button', { name: 'Send a test e-mail' }).click();
    await expect(section.getByText('The mail server refused the user name or password.')).toBeVisible();
    await expect(section.getByText(/535/).first()).toBeVisible();
    await expectNoA11yFindings(page, 'settings, mail on, test failed');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'mail-settings-failed', width);
  });
}
