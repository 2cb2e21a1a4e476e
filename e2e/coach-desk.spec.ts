/**
 * The coach's desk (issue 32), on a server of the test's own: one save for a whole screen, nothing
 * typed lost by leaving (another screen of the dashboard asks first; closing the tab asks the
 * browser's own question), and the history: an earlier coach name restored in one step reaches the
 * visitor's page. axe and screenshots (SHOTS_DIR) at 360 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { expectApiRefusals, expectNoA11yFindings, expectTapTargets } from './coach-a11y';
import { choosePassword, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll } from './fixtures';
import { saveAll, saveBar } from './save-bar';

const nameField = (page: Page) => page.getByLabel(/^Your name/);

test('an edit left by switching screens is asked about: staying keeps it, leaving drops it; closing the tab asks too', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  await expectApiRefusals(consoleErrors, [401]);
  // A screen to go back to.
  await page.getByRole('link', { name: 'Funnel' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();

  await nameField(page).fill('Dana Reyes');
  await expect(saveBar(page)).toContainText('1 change not saved');

  // Another screen: asked first; staying keeps the edit where it was.
  await page.getByRole('link', { name: 'Funnel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('One change on this screen is not saved yet.');
  await expect(dialog.getByRole('button', { name: 'Stay and keep editing' })).toBeFocused();
  await expectNoA11yFindings(page, 'leaving with an unsaved change');
  await shoot(page, 'leave-dialog', 360);
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(nameField(page)).toHaveValue('Dana Reyes');
  expect(new URL(page.url()).hash).toBe('#settings');

  // The back button asks the same way.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nameField(page)).toHaveValue('Dana Reyes');

  // Closing the tab (or reloading it): the browser's own question.
  const asked = new Promise<string>((resolve) => page.once('dialog', (question) => void question.dismiss().then(() => resolve(question.type()))));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // Leaving for real drops the edit: nothing was saved.
  await page.getByRole('link', { name: 'Funnel' }).click();
  await dialog.getByRole('button', { name: 'Leave and lose them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(nameField(page)).toHaveValue('');
  // Saved, nothing is asked any more.
  await nameField(page).fill('Dana Reyes');
  await saveAll(page);
  await page.getByRole('link', { name: 'Funnel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

for (const width of [360, 1280]) {
  test(`at ${width} px: an earlier coach name, restored in one step from the history, is on the visitor’s page; the audit log says old → new`, async ({
    page,
    server,
    browser,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await choosePassword(page, await setupAddress(server));
    await expectApiRefusals(consoleErrors, [401]);

    await nameField(page).fill('Sam Rivera');
    await page.getByLabel(/^Course link/).fill('https://sam.example/course');
    await expect(saveBar(page)).toContainText('2 changes not saved');
    await expectNoA11yFindings(page, 'settings with the save bar');
    await expectNoHorizontalScroll(page);
    if (width === 360) await expectTapTargets(page, 'settings');
    await shoot(page, 'settings-save-bar', width);
    await saveAll(page);
    await nameField(page).fill('Dana Reyes');
    await saveAll(page);

    const visitor = await (await browser.newContext({ baseURL: server.url })).newPage();
    await visitor.goto('/');
    await expect(visitor.getByText('A quiz by Dana Reyes').first()).toBeVisible();

    const history = page.getByRole('region', { name: 'History' });
    const versions = history.getByRole('list', { name: 'Versions of the settings, newest first' }).getByRole('listitem').filter({ has: page.getByRole('button') });
    await expect(history.getByText('Your name: Sam Rivera → Dana Reyes')).toBeVisible();
    await expect(history.getByText('Course link: not set → https://sam.example/course')).toBeVisible();
    // Who made a version: this browser in words and the day it signed in, not a session's number.
    const signedInHere = /^Chrome on [A-Za-z]+, signed in \d{1,2} [A-Z][a-z]{2}$/;
    await expect(versions.first().getByText(signedInHere)).toBeVisible();
    await expectNoA11yFindings(page, 'settings history');
    await history.scrollIntoViewIfNeeded();
    if (process.env.SHOTS_DIR) await history.screenshot({ path: `${process.env.SHOTS_DIR}/settings-history-${width}.png` });
    // Versions saved in one minute (as these two were, most runs) are told apart to the second: no two
    // share a name, as they did (format.test.ts holds the rule on a fixed clock).
    const versionNames = await history
      .getByRole('list', { name: 'Versions of the settings, newest first' })
      .locator(':scope > li')
      .evaluateAll((items) => items.map((item) => item.querySelector('p')?.firstChild?.textContent ?? ''));
    expect(versionNames.length).toBe(3);
    expect(new Set(versionNames).size, versionNames.join(' | ')).toBe(3);
    // The version that set Sam's name: the newest of those that are not in force.
    await versions.filter({ hasText: 'Your name: not set → Sam Rivera' }).getByRole('button', { name: /^Restore this version/ }).click();
    // The restore's own message (the list, asked again, may show its Loading… status meanwhile on a busy machine).
    await expect(history.getByRole('status').filter({ hasText: 'Restored the version of' })).toBeVisible();
    await expect(nameField(page)).toHaveValue('Sam Rivera');

    await visitor.reload();
    await expect(visitor.getByText('A quiz by Sam Rivera').first()).toBeVisible();
    await visitor.context().close();

    await page.getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(entries.first()).toContainText('Settings restored');
    await expect(entries.first()).toContainText('Your name: Dana Reyes → Sam Rivera');
    await expect(entries.nth(1)).toContainText('Your name: Sam Rivera → Dana Reyes');
    await expect(entries.first().getByRole('cell').last()).toHaveText(signedInHere);
    await expectNoA11yFindings(page, 'audit log with settings changes');
    await expectNoHorizontalScroll(page);
    if (width === 360) await expectTapTargets(page, 'audit log');
    await shoot(page, 'audit-log-changes', width);
  });
}
