/**
 * The preview on "Your words" and "Offers": the results page as a visitor sees it, for nine ratings
 * the coach sets, with the edits applied as typed and nothing reaching visitors until saved. axe on
 * both screens with the preview at 360 and 1280 px; SHOTS_DIR for screenshots.
 */
import { expectNoA11yFindings, takeApiRefusals } from './coach-a11y';
import { choosePassword, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll } from './fixtures';

const tip = 'Open the file and write one line. That is the whole task for now.';

test('the preview shows the tip and the offer as typed, for the ratings chosen, and a visitor sees none of it before the save', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#words');
  await page.getByRole('button', { name: 'Insights' }).click();
  await page.getByRole('textbox', { name: 'Task Initiation › Tip (rated 1)' }).fill(tip);
  const preview = page.frameLocator('iframe[title^="Preview of the results page"]');
  // Task Initiation rated 1 to start with: its tip, as typed.
  await expect(preview.getByText(tip)).toBeVisible();
  // Rated 3 instead: its strength, not the tip.
  await page.getByRole('combobox', { name: 'Task Initiation' }).selectOption('3');
  await expect(preview.getByText(tip)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Pattern:' })).toHaveText('Pattern: Mixed. Offer shown: Everyone else: your course.');
  await page.getByRole('button', { name: 'Desktop (1280 px)' }).click();
  await expect(page.frameLocator('iframe[title="Preview of the results page, Desktop (1280 px)"]').getByRole('heading', { level: 1, name: 'Your Core Driver Profile' })).toBeVisible();
  // Not saved: the visitor's pages carry nothing of it.
  expect(await (await page.request.get('/results')).text()).not.toContain(tip);
});

for (const width of [360, 1280]) {
  test(`the preview at ${width} px on Offers: axe finds nothing, nothing scrolls sideways`, async ({ page, server, consoleErrors }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await choosePassword(page, await setupAddress(server));
    takeApiRefusals(consoleErrors);
    await page.goto('/coach#offers');
    await page.getByRole('button', { name: 'Add an offer' }).click();
    const offer = page.getByRole('region', { name: 'Offer 1' });
    await offer.getByLabel('Title').fill('Start Small');
    await offer.getByLabel('Link').fill('https://coach.example/start');
    await offer.getByLabel('Pitch').fill('Three short lessons on getting started, one a day.');
    await offer.getByRole('group', { name: /“This is me” \(1\)/ }).getByLabel('Task Initiation').check();
    const preview = page.frameLocator('iframe[title^="Preview of the results page"]');
    await expect(preview.getByRole('heading', { name: 'Start Small' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Pattern:' })).toHaveText('Pattern: Mixed. Offer shown: Start Small.');
    if (width === 1280) await page.getByRole('button', { name: 'Desktop (1280 px)' }).click();
    await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
    await expectNoA11yFindings(page, 'offers with the preview');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'preview-offers', width);
  });
}
