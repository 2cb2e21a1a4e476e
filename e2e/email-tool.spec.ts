/**
 * "Your e-mail tool" on the settings screen, on a server of the test's own from an empty DATA_DIR,
 * against a fake Brevo on 127.0.0.1 (server/email-tool/fakes/): the tool chosen, a bad key refused by
 * the tool, the good key's account and lists fetched live, a list picked from them, a group renamed
 * and one switched off, all saved from the one save bar; "Send a test contact" landing in the fake
 * with the mapping in force; the consent box on with mail off said plainly; what the environment
 * sets read-only. axe and screenshots (SHOTS_DIR) at 360 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { startBrevoFake, type BrevoFake } from '../server/email-tool/fakes/brevo-fake';
import { emailToolApi } from '../src/shared/email-tool-api';
import { expectApiRefusals, expectNoA11yFindings, expectTapTargets, said } from './coach-a11y';
import { choosePassword, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll, expectPlaceholdersFit } from './fixtures';
import { clickSave, saveAll } from './save-bar';

const section = (page: Page) => page.getByRole('region', { name: 'Your e-mail tool', exact: true });

test.describe('the e-mail tool connected on the dashboard', () => {
  let fake: BrevoFake;
  test.beforeEach(async () => {
    fake = await startBrevoFake({ keys: ['xkeysib-good'] });
  });
  test.afterEach(async () => fake.close());

  for (const width of [360, 1280]) {
    test(`at ${width} px: a key checked live, a list picked, the tags renamed, saved, and a test contact`, async ({ page, server, consoleErrors }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await choosePassword(page, await setupAddress(server));
      await expectApiRefusals(consoleErrors, [401]);

      // The consent box on, with no mail server: nobody can confirm, and the section says so.
      await page.getByRole('checkbox', { name: 'Marketing-consent box' }).check();
      await saveAll(page);
      const panel = section(page);
      const status = said(panel, 'status');
      await expect(status).toHaveText(/^Off: choose your tool and paste its API key to start\. With the consent box on, .* and e-mail is off: set up “Sending e-mail” above, or switch the consent box off\.$/);

      await panel.getByRole('combobox', { name: 'Tool' }).selectOption('Brevo');
      await expect(panel.getByText('In Brevo: SMTP & API → API keys')).toBeVisible();
      const key = panel.getByLabel('E-mail tool API key');
      await key.fill('xkeysib-wrong');
      await panel.getByRole('textbox', { name: /E-mail tool API address/ }).fill(fake.url);
      await panel.getByRole('button', { name: 'Check the key' }).click();
      await expect(panel.getByText('Your tool refused the key. Paste it again, whole, from your tool.')).toBeVisible();
      await expect(panel.getByText('Your tool answered: Key not found')).toBeVisible();

      await key.fill('xkeysib-good');
      await panel.getByRole('button', { name: 'Check the key' }).click();
      await expect(panel.getByText('Focus Coaching (sam@coach.example)')).toBeVisible();
      const list = panel.getByRole('combobox', { name: 'Add every lead to this list' });
      await expect(list.getByRole('option')).toHaveText(['No list: tags only', 'Newsletter', 'Course waitlist']);
      await list.selectOption('Newsletter');

      await panel.getByRole('textbox', { name: 'Each strong driver: tag name' }).fill('Strong at');
      await expect(panel.getByText('Strong at: Working Memory')).toBeVisible();
      // Two groups of one name: the save is refused, and the name to change is marked, described by
      // why, and focused (the section was focused, the message under it tied to nothing).
      const patternName = panel.getByRole('textbox', { name: 'Their pattern: tag name' });
      await patternName.fill('strong AT');
      await clickSave(page);
      await expect(patternName).toBeFocused();
      await expect(patternName).toHaveAttribute('aria-invalid', 'true');
      await expect(patternName).toHaveAccessibleDescription(/Tag mapping: give each group its own name, so one tag never means two things\.$/);
      await expect(panel.getByRole('group', { name: 'Tags each lead gets' })).toHaveAccessibleDescription('Tag mapping: give each group its own name, so one tag never means two things.');
      await expectNoA11yFindings(page, 'settings, e-mail tool mapping refused');
      await shoot(page, 'email-tool-mapping-refused', width);
      await patternName.fill('Pattern');
      await panel.getByRole('checkbox', { name: 'Their pattern' }).uncheck();
      await expect(panel.getByRole('textbox', { name: 'Their pattern: tag name' })).toBeDisabled();
      // Unsaved: the test waits for the save.
      await expect(panel.getByRole('button', { name: 'Send a test contact' })).toBeDisabled();
      await expectNoA11yFindings(page, 'settings, e-mail tool drafted');

      await saveAll(page);
      // The consent box on and mail off: one status, that leads wait and what to do; never On beside it.
      await expect(status).toHaveText(/^Waiting: nobody can confirm right now, so no lead reaches Brevo\. .* Set up “Sending e-mail” above, or switch the consent box off\.$/);
      await expect(panel.getByText(/^On:/)).toHaveCount(0);
      await expect(key).toHaveValue('');
      await expect(key).toHaveAttribute('placeholder', 'Set and hidden');
      await expectPlaceholdersFit(page);
      await expectNoA11yFindings(page, 'settings, e-mail tool waiting for mail');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/email-tool-waiting-${width}.png` : undefined });

      // An address that is not one is said on its field, where focus goes to put it right (it was said
      // under the button, the field unmarked, focus left behind).
      const testAddress = panel.getByLabel('Test address');
      await testAddress.fill('sam at coach');
      await panel.getByRole('button', { name: 'Send a test contact' }).click();
      await expect(testAddress).toBeFocused();
      await expect(testAddress).toHaveAttribute('aria-invalid', 'true');
      await expect(testAddress).toHaveAccessibleDescription('Test address: write one e-mail address, such as you@example.com.');
      await expect(testAddress).toHaveValue('sam at coach');
      await expectApiRefusals(consoleErrors, [400]);
      await expectNoA11yFindings(page, 'settings, e-mail tool test address refused');
      await shoot(page, 'email-tool-test-address-refused', width);

      await testAddress.fill('sam@coach.example');
      await panel.getByRole('button', { name: 'Send a test contact' }).press('Enter');
      const result = panel.getByRole('region', { name: 'Your tool has the test contact.' });
      await expect(result).toBeVisible({ timeout: 20_000 });
      // Pressed from the keyboard, the button kept the focus while it waited (src/lib/busy-button.tsx).
      await expect(panel.getByRole('button', { name: 'Send a test contact' })).toBeFocused();
      await expect(result.getByText('Contact created:')).toBeVisible();
      const lists = fake.contact('sam@coach.example')?.lists ?? [];
      expect(lists).toContain('Newsletter');
      expect(lists).toContain('Core Drivers quiz');
      expect(lists.some((name) => name.startsWith('Strong at: '))).toBe(true);
      expect(lists.some((name) => name.startsWith('Pattern'))).toBe(false);

      // The consent box off: leads go as they arrive, and the section says On.
      await page.getByRole('checkbox', { name: 'Marketing-consent box' }).uncheck();
      await saveAll(page);
      await expect(status).toHaveText('On: every lead goes to Brevo, into Newsletter, as it arrives.');

      await expectNoA11yFindings(page, 'settings, e-mail tool saved and tested');
      await expectTapTargets(page, 'settings, e-mail tool');
      await expectNoHorizontalScroll(page);
      await panel.scrollIntoViewIfNeeded();
      await shoot(page, 'settings-email-tool', width);
      await panel.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/email-tool-section-${width}.png` : undefined });
    });
  }
});

test.describe('a revoked key saved on the dashboard', () => {
  let fake: BrevoFake;
  test.beforeEach(async () => {
    fake = await startBrevoFake({ keys: ['xkeysib-good'] });
  });
  test.afterEach(async () => fake.close());

  test('the next lead pauses the channel and the section says so; a working key saved sends the lead', async ({ page, server, consoleErrors }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await choosePassword(page, await setupAddress(server));
    await expectApiRefusals(consoleErrors, [401]);
    const panel = section(page);
    await panel.getByRole('combobox', { name: 'Tool' }).selectOption('Brevo');
    const key = panel.getByLabel('E-mail tool API key');
    await key.fill('xkeysib-revoked');
    await panel.getByRole('textbox', { name: /E-mail tool API address/ }).fill(fake.url);
    await saveAll(page);
    // The saved key is checked at once: refused before any lead, said once, in the status; not On.
    const status = said(panel, 'status');
    await expect(status).toContainText('Refused: your tool refuses the saved key, so leads will wait (none is lost).');
    await expect(status).toContainText('Your tool answered: 401 Key not found');
    await expect(panel.getByText(/^On:/)).toHaveCount(0);
    const paused = panel.getByText('Paused: your tool refused the key, so leads wait (none is lost).', { exact: false });
    await expect(paused).toHaveCount(0);

    // A visitor submits, the consent box off: the push is refused, and the open section shows it without a reload.
    const lead = { email: 'ana@example.com', firstName: 'Ana', ratings: [1, 2, 3, 3, 2, 1, 1, 2, 3] };
    const stored = await page.request.post(`${server.url}/api/leads`, { data: lead });
    expect(stored.status()).toBe(201);
    await expect(paused).toBeVisible({ timeout: 30_000 });
    await expect(status).toContainText('Your tool answered: 401 Key not found');
    expect(fake.contact('ana@example.com')).toBeNull();
    // Checking the saved key again confirms it briefly: the refusal and the tool's answer are said once, in the status.
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === emailToolApi.check);
    await panel.getByRole('button', { name: 'Check the key' }).click();
    expect((await answered).status()).toBe(200);
    await expect(panel.getByText('Checked just now: your tool still refuses the saved key, as the status above says.')).toBeVisible();
    await expect(panel.getByText(/Your tool answered/)).toHaveCount(1);
    await expect(panel.getByText(/refused the key\. Paste it again/)).toHaveCount(0);
    await expectNoA11yFindings(page, 'settings, e-mail tool paused');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/email-tool-paused-${width}.png` : undefined });
    }

    // A new key typed and checked is not the saved one: its refusal is said beside the button, in full.
    await key.fill('xkeysib-other');
    await panel.getByRole('button', { name: 'Check the key' }).click();
    await expect(panel.getByText('Your tool refused the key. Paste it again, whole, from your tool.')).toBeVisible();
    await expect(paused).toBeVisible();

    await key.fill('xkeysib-good');
    await saveAll(page);
    await expect(paused).toHaveCount(0, { timeout: 15_000 });
    await expect(status).toHaveText('On: every lead goes to Brevo as it arrives.');
    await expect.poll(() => fake.contact('ana@example.com')?.lists.includes('Core Drivers quiz') ?? false, { timeout: 30_000 }).toBe(true);
  });
});

/** The fake's port, fixed so the server's environment can name it before the fake starts: beside this run's own. */
const envFakePort = Number(process.env.E2E_PORT ?? 4173) + 500;

test.describe('the e-mail tool set in the environment', () => {
  let fake: BrevoFake;
  test.use({ serverEnv: { EMAIL_TOOL: 'brevo', EMAIL_TOOL_API_KEY: 'xkeysib-good', EMAIL_TOOL_API_URL: `http://127.0.0.1:${envFakePort}`, EMAIL_TOOL_LIST: '3' } });
  test.beforeEach(async () => {
    fake = await startBrevoFake({ keys: ['xkeysib-good'], port: envFakePort });
  });
  test.afterEach(async () => fake.close());

  test('shows read-only, naming the variables, with its account and list from the tool', async ({ page, server, consoleErrors }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await choosePassword(page, await setupAddress(server));
    await expectApiRefusals(consoleErrors, [401]);
    const panel = section(page);
    await expect(panel.getByRole('combobox', { name: 'Tool' })).toBeDisabled();
    await expect(panel.getByText('Set on the server (EMAIL_TOOL).')).toBeVisible();
    await expect(panel.getByText('Set on the server (EMAIL_TOOL_API_KEY).')).toBeVisible();
    await expect(panel.getByText('Focus Coaching (sam@coach.example)')).toBeVisible();
    await expect(panel.getByText('On: every lead goes to Brevo, into Course waitlist, as it arrives.')).toBeVisible();
    await expect(panel.getByRole('combobox', { name: 'Add every lead to this list' })).toBeDisabled();
    await expectNoA11yFindings(page, 'settings, e-mail tool from the environment');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await expectPlaceholdersFit(page);
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/email-tool-environment-${width}.png` : undefined });
    }
  });
});
