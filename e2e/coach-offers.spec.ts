/**
 * The end-to-end test, on a server of the test's own started from an empty DATA_DIR: the coach
 * changes the headline and one driver's tip, and adds an offer for Task Initiation rated 1; a visitor
 * with that rating sees the new headline, the tip and that offer (its link), another visitor the
 * default offer; the click is counted under the right offer on the funnel screen. Then axe on the
 * Offers screen at 360 and 1280 px (SHOTS_DIR for screenshots).
 */
import type { Locator, Page } from '@playwright/test';
import type { OffersReport } from '../src/shared/coach-api/offers';
import { DEFAULT_OFFER_ID } from '../src/shared/offer-pick';
import { expectNoA11yFindings, takeApiRefusals } from './coach-a11y';
import { waitForOffers } from './coach-counts';
import { choosePassword, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll } from './fixtures';
import { unlockInsights, visitorPage } from './visitor';

const tip = 'Open the file and write one line. That is the whole task for now.';

/** Adds an offer for Task Initiation rated 1 on the Offers screen (not saved). */
async function addStartSmall(page: Page, link: string) {
  await page.getByRole('button', { name: 'Add an offer' }).click();
  const offer = page.getByRole('region', { name: 'Offer 1' });
  await offer.getByLabel('Title').fill('Start Small');
  await offer.getByLabel('Link').fill(link);
  await offer.getByLabel('Pitch').fill('Three short lessons on getting started, one a day.');
  await offer.getByLabel('Price (optional)').fill('$29');
  await offer.getByRole('group', { name: /“This is me” \(1\)/ }).getByLabel('Task Initiation').check();
  return page.getByRole('region', { name: 'Offer 1: Start Small' });
}

test('the coach’s headline, tip and offer for Task Initiation rated 1 reach the right visitors, and the click counts under that offer', async ({ page, server, browser, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);

  await page.goto('/coach#words');
  await page.getByRole('textbox', { name: 'Landing › Headline' }).fill('Find the drivers that move you');
  await page.getByRole('button', { name: 'Insights' }).click();
  await page.getByRole('textbox', { name: 'Task Initiation › Tip (rated 1)' }).fill(tip);
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();

  await page.goto('/coach#offers');
  const link = `${server.url}/start-small`;
  const offer = await addStartSmall(page, link);
  // Who it catches, before it is saved.
  await expect(offer.getByText('Catches')).toBeVisible();
  await expect(offer.getByRole('listitem').filter({ hasText: 'Most need support' })).toBeVisible();
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();

  // A visitor who struggles to start: the new headline, the tip and the offer.
  const starter = await visitorPage(browser, server, 360);
  await starter.goto('/');
  await expect(starter.getByRole('heading', { level: 1 })).toHaveText('Find the drivers that move you');
  await unlockInsights(starter, '222122222', 'starter@example.com');
  await expect(starter.getByText(tip)).toBeVisible();
  const cta = starter.getByRole('region', { name: 'Now what?' });
  await expect(cta.getByRole('heading', { name: 'Start Small' })).toBeVisible();
  await expect(cta.getByText('Three short lessons on getting started, one a day.')).toBeVisible();
  await expect(cta.getByRole('definition')).toHaveText(['$29']);
  const button = cta.getByRole('link', { name: /Show Me the Course/ });
  await expect(button).toHaveAttribute('href', link);
  const [opened] = await Promise.all([starter.context().waitForEvent('page'), button.click()]);
  await opened.close();

  // Another visitor: the default offer (the course of the build, as no course is set).
  const other = await visitorPage(browser, server, 1280);
  await unlockInsights(other, '333222222', 'other@example.com');
  const otherCta = other.getByRole('region', { name: 'Now what?' });
  await expect(otherCta.getByRole('heading', { name: 'Start Small' })).toHaveCount(0);
  await expect(otherCta.getByRole('link', { name: /Show Me the Course/ })).not.toHaveAttribute('href', link);

  // The funnel screen: the click under Start Small, in the starter's pattern; the other visitor under the default.
  const counted = (report: OffersReport, offer: string | undefined, clicks: number) =>
    report.rows.some((row) => row.offer === offer && row.seen >= 1 && row.leads >= 1 && row.clicks >= clicks);
  await waitForOffers(
    page,
    (report) => counted(report, report.offers.find(({ title }) => title === 'Start Small')?.id, 1) && counted(report, DEFAULT_OFFER_ID, 0),
    'both visitors under their offers',
  );
  await page.goto('/coach#funnel');
  const figures = page.getByRole('region', { name: 'Offers' });
  await expect(figures.getByRole('rowheader', { name: 'Offer: Start Small' })).toBeVisible();
  const startGroup = figures.getByRole('rowgroup').filter({ has: page.getByRole('rowheader', { name: 'Offer: Start Small' }) });
  // Saw it, leads, clicks: one each, under the starter's pattern (Mixed: one driver rated 1).
  await expect(startGroup.getByRole('row', { name: /^Mixed/ }).getByRole('cell')).toHaveText(['1', '1', '1']);
  const defaultGroup = figures.getByRole('rowgroup').filter({ has: page.getByRole('rowheader', { name: 'Offer: Everyone else: your course' }) });
  await expect(defaultGroup.getByRole('row', { name: /^All patterns/ }).getByRole('cell')).toHaveText(['1', '1', '0']);
  await starter.context().close();
  await other.context().close();
});

test('an offer left unsaved by switching screens is asked about: staying keeps it, and the save bar saves it for visitors', async ({ page, server, browser, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  const bar = page.getByRole('region', { name: 'Unsaved changes' });

  await page.goto('/coach#offers');
  const link = `${server.url}/start-small`;
  const offer = await addStartSmall(page, link);
  await expect(bar).toContainText('1 change not saved');
  await page.getByRole('link', { name: 'Your words' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(offer.getByLabel('Title')).toHaveValue('Start Small');
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();

  const starter = await visitorPage(browser, server, 360);
  await unlockInsights(starter, '222122222', 'starter@example.com');
  const cta = starter.getByRole('region', { name: 'Now what?' });
  await expect(cta.getByRole('heading', { name: 'Start Small' })).toBeVisible();
  await expect(cta.getByRole('link', { name: /Show Me the Course/ })).toHaveAttribute('href', link);
  await starter.context().close();

  // A change left for good is lost: the saved offer stays as it was.
  await offer.getByLabel('Title').fill('Never saved');
  await page.getByRole('link', { name: 'Funnel' }).click();
  await dialog.getByRole('button', { name: 'Leave and lose them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  await page.getByRole('link', { name: 'Offers' }).click();
  await expect(page.getByRole('region', { name: 'Offer 1: Start Small' }).getByLabel('Title')).toHaveValue('Start Small');
});

test('by keyboard, focus follows the offer added, moved or removed, never falling to the page', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#offers');
  const add = page.getByRole('button', { name: 'Add an offer' });
  const press = async (button: Locator) => {
    await button.focus();
    await page.keyboard.press('Enter');
  };
  // The offer added is where the coach goes on from: its heading.
  await press(add);
  await expect(page.getByRole('heading', { name: 'Offer 1' })).toBeFocused();
  await page.getByRole('region', { name: 'Offer 1' }).getByLabel('Title').fill('Calm');
  await press(add);
  await expect(page.getByRole('heading', { name: 'Offer 2' })).toBeFocused();
  await page.getByRole('region', { name: 'Offer 2' }).getByLabel('Title').fill('Bold');

  // Moved to the end, its "Move down" is disabled: focus goes to its "Move up", which names its new place.
  await press(page.getByRole('button', { name: 'Move down: Offer 1: Calm' }));
  await expect(page.getByRole('button', { name: 'Move up: Offer 2: Calm' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: /^Offer \d/ })).toHaveText(['Offer 1: Bold', 'Offer 2: Calm']);
  // Moved, not to an end: the same button keeps the focus.
  await press(add);
  await page.getByRole('region', { name: 'Offer 3' }).getByLabel('Title').fill('Quiet');
  await press(page.getByRole('button', { name: 'Move up: Offer 3: Quiet' }));
  await expect(page.getByRole('button', { name: 'Move up: Offer 2: Quiet' })).toBeFocused();
  await press(page.getByRole('button', { name: 'Move up: Offer 2: Quiet' }));
  await expect(page.getByRole('button', { name: 'Move down: Offer 1: Quiet' })).toBeFocused();

  // Removed: the offer that takes its place, else the one before, else "Add an offer".
  await press(page.getByRole('button', { name: 'Remove: Offer 1: Quiet' }));
  await expect(page.getByRole('heading', { name: 'Offer 1: Bold' })).toBeFocused();
  await press(page.getByRole('button', { name: 'Remove: Offer 2: Calm' }));
  await expect(page.getByRole('heading', { name: 'Offer 1: Bold' })).toBeFocused();
  await press(page.getByRole('button', { name: 'Remove: Offer 1: Bold' }));
  await expect(add).toBeFocused();
  await expect(page.getByText('No offers yet: every visitor gets your course.')).toBeVisible();
});

test('what an offer still needs is said beside each field, tied to it for a screen reader, and Save goes to the first of them', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#offers');
  await page.getByRole('button', { name: 'Add an offer' }).click();
  const offer = page.getByRole('region', { name: 'Offer 1' });
  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(bar.getByRole('alert')).toHaveText('Please fix the 4 fields marked above.');
  const title = offer.getByLabel('Title');
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Offer 1: Title: write it.');
  const link = offer.getByLabel('Link');
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription('An address that starts with https:// Offer 1: Link: paste an address that starts with https://, or clear the field.');
  await expect(offer.getByLabel('Pitch')).toHaveAccessibleDescription(/Offer 1: Pitch: write it\./);
  await expect(offer.getByLabel('Price (optional)')).not.toHaveAttribute('aria-invalid');
  await expect(offer.getByRole('group', { name: 'Their pattern is one of' })).toHaveAccessibleDescription('Offer 1: choose who it is for: a pattern, or a driver rated 1 or 3.');

  // A field put right loses its message as the coach types; Save then goes to the first one left.
  await title.fill('Start Small');
  await expect(title).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Title: write it.')).toHaveCount(0);
  await link.fill('https://coach.example/start');
  await offer.getByLabel('Pitch').fill('Three short lessons.');
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(bar.getByRole('alert')).toHaveText('Please fix the field marked above.');
  await expect(offer.getByRole('group', { name: 'Their pattern is one of' }).getByRole('checkbox').first()).toBeFocused();
});

for (const width of [360, 1280]) {
  test(`the Offers screen at ${width} px: axe finds nothing, nothing scrolls sideways`, async ({ page, server, consoleErrors }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await choosePassword(page, await setupAddress(server));
    takeApiRefusals(consoleErrors);
    await page.goto('/coach#offers');
    await addStartSmall(page, 'https://coach.example/start');
    await page.getByRole('button', { name: 'Add an offer' }).click();
    // The second offer, empty: Save shows what it still needs.
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Offer 2: Title: write it.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Offer 2' }).getByLabel('Title')).toBeFocused();
    // Each box of who an offer is for keeps its size, beside a label on two lines too.
    const boxes = await page.getByRole('region', { name: 'Offer 2' }).getByRole('checkbox').evaluateAll((inputs) => inputs.map((input) => input.getBoundingClientRect().width));
    expect(boxes).toHaveLength(25);
    expect(new Set(boxes)).toEqual(new Set([20]));
    await expectNoA11yFindings(page, 'offers');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'offers', width);
  });
}
