/**
 * The coach's own words (the dashboard's "Your words"): changed in the browser on a server of the
 * test's own, seen by a visitor without a restart; with nothing changed, the pages the server sends
 * are the build's own, byte for byte. axe on the screen at 360 and 1280 px; SHOTS_DIR for screenshots.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { driverTips } from '../src/content/results';
import { SITE_CONFIG_ELEMENT_ID } from '../src/shared/site-config';
import { expectApiRefusals, expectNoA11yFindings, said, takeApiRefusals } from './coach-a11y';
import { choosePassword, password, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll } from './fixtures';
import type { OwnServer } from './own-server';
import { expectTabClearsBar } from './save-bar';
import { unlockInsights, visitorPage } from './visitor';

const built = (name: string) => readFileSync(join(import.meta.dirname, '..', 'dist', 'html', `${name}.html`), 'utf8');
const withoutSettingsBlock = (html: string) => html.replace(new RegExp(`<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">.*?</script>`, 's'), '');

test('with no text changed, the pages served are the build’s own (our texts), byte for byte', async ({ page, server }) => {
  for (const [path, name] of [['/', 'landing'], ['/quiz', 'quiz'], ['/nowhere', 'not-found']] as const) {
    const served = await page.request.get(`${server.url}${path}`);
    expect(withoutSettingsBlock(await served.text()), path).toBe(built(name));
  }
});

test('the coach changes the headline and a tip in the browser; a visitor sees both, without a restart', async ({ page, server, browser, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#words');
  await expect(page.getByRole('heading', { level: 1, name: 'Your words' })).toBeVisible();

  const headline = page.getByRole('textbox', { name: 'Landing › Headline' });
  await expect(headline).toHaveValue('Discover Your Core Drivers');
  await headline.fill('Find the drivers that move you');
  await page.getByRole('button', { name: 'Insights' }).click();
  const tip = page.getByRole('textbox', { name: 'Task Initiation › Tip (rated 1)' });
  await expect(tip).toHaveValue(driverTips[4]);
  await tip.fill('Open the file and write one line. That is the whole task for now.');
  // A long, hard text: a hint, never a block.
  const strength = page.getByRole('textbox', { name: 'Task Initiation › Strength (rated 3)' });
  await strength.fill('Commencement of undertakings demonstrates considerable organizational capability, facilitating subsequent productivity.');
  await expect(page.getByText(/Reads at grade \d+(\.\d)?\. Ours aim for 8 or below/)).toBeVisible();
  await page.getByRole('button', { name: 'Reset to ours: Task Initiation › Strength (rated 3)' }).click();
  await expect(page.getByText(/Reads at grade/)).toHaveCount(0);

  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  await expect(bar).toContainText('2 changes not saved');
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved. Visitors see them on their next page load.' })).toBeVisible();
  await expect(bar).toBeHidden();

  const visitor = await visitorPage(browser, server, 360);
  expect(await (await visitor.request.get('/')).text()).toContain('Find the drivers that move you</h1>');
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Find the drivers that move you');
  await expect(visitor).toHaveTitle('Find the drivers that move you · Core Drivers');
  await unlockInsights(visitor, '111122333');
  await expect(visitor.getByText('Open the file and write one line. That is the whole task for now.')).toBeVisible();
  // Ours for the other drivers (one tap away, behind the first step).
  await expect(visitor.getByText(driverTips[1])).toBeAttached();
  await visitor.context().close();
});

test('a text left unsaved by switching screens is asked about: staying keeps it, the save bar saves it for visitors; leaving loses it', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  const bar = page.getByRole('region', { name: 'Unsaved changes' });

  await page.goto('/coach#words');
  const headline = page.getByRole('textbox', { name: 'Landing › Headline' });
  await headline.fill('Find the drivers that move you');
  await expect(bar).toContainText('1 change not saved');
  await page.getByRole('link', { name: 'Funnel' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('One change on this screen is not saved yet.');
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Your words' })).toBeVisible();
  await expect(headline).toHaveValue('Find the drivers that move you');
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  // The visitor's landing page, as the server sends it now.
  expect(await (await page.request.get(`${server.url}/`)).text()).toContain('Find the drivers that move you</h1>');

  // Nothing unsaved: the next screen opens at once. Then an edit left for good is lost.
  await page.getByRole('link', { name: 'Funnel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name: 'Your words' }).click();
  await headline.fill('A headline never saved');
  await page.getByRole('link', { name: 'Funnel' }).click();
  await dialog.getByRole('button', { name: 'Leave and lose them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  await page.getByRole('link', { name: 'Your words' }).click();
  await expect(headline).toHaveValue('Find the drivers that move you');

  // The session ends (an hour idle, another browser) with an edit unsaved: Save asks to sign in
  // again, and the edit waits on its screen until then.
  await headline.fill('Find the drivers that carry you');
  await page.context().clearCookies();
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Sign in again to save your changes: they are kept until you do.' })).toBeVisible();
  await expectApiRefusals(consoleErrors, [401]);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your words' })).toBeFocused();
  await expect(headline).toHaveValue('Find the drivers that carry you');
  // The bar says why that Save did not save (it said to check the connection, which was fine).
  await expect(said(bar, 'alert')).toHaveText('Your session had ended, so this was not saved. Your changes are still here: you can save them now.');
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  expect(await (await page.request.get(`${server.url}/`)).text()).toContain('Find the drivers that carry you</h1>');
});

test('staying on the screen, by keyboard or Escape, brings focus back to the link or button that asked to leave', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.goto('/coach#words');
  await page.getByRole('textbox', { name: 'Landing › Headline' }).fill('Find the drivers that move you');
  const funnel = page.getByRole('link', { name: 'Funnel' });
  const signOut = page.getByRole('button', { name: 'Sign out' });
  for (const [control, answer] of [
    [funnel, 'Enter'],
    [funnel, 'Escape'],
    [signOut, 'Escape'],
  ] as const) {
    await control.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Stay and keep editing' })).toBeFocused();
    await page.keyboard.press(answer);
    await expect(dialog).toHaveCount(0);
    await expect(control).toBeFocused();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Your words' })).toBeVisible();
});

/**
 * The coach signed in on `page` (the laptop) and on a second page of the same browser (the phone:
 * the same session's cookie), both with Your words open before either saves.
 */
async function twoDevicesOnWords(page: Page, server: OwnServer, consoleErrors: string[]): Promise<{ laptop: Page; phone: Page }> {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  const phone = await page.context().newPage();
  for (const device of [page, phone]) await device.goto('/coach#words');
  return { laptop: page, phone };
}

test('two devices open on the screen each save a different text: both are kept, and the one saved last then shows both', async ({ page, server, consoleErrors }) => {
  const { laptop, phone } = await twoDevicesOnWords(page, server, consoleErrors);
  const headline = (device: Page) => device.getByRole('textbox', { name: 'Landing › Headline' });
  const subHeadline = (device: Page) => device.getByRole('textbox', { name: 'Landing › Sub-headline' });
  await expect(headline(phone)).toHaveValue('Discover Your Core Drivers');

  await headline(laptop).fill('Find the drivers that move you');
  await laptop.getByRole('button', { name: 'Save changes' }).click();
  await expect(laptop.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();

  // The phone still shows the headline it loaded, and changes another text only.
  await expect(headline(phone)).toHaveValue('Discover Your Core Drivers');
  await subHeadline(phone).fill('Nine questions, two minutes, and a plan that fits you.');
  await expect(phone.getByRole('region', { name: 'Unsaved changes' })).toContainText('1 change not saved');
  await phone.getByRole('button', { name: 'Save changes' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  await expect(headline(phone)).toHaveValue('Find the drivers that move you');

  const words = (await (await laptop.request.get('/api/coach/settings')).json()).values.words;
  expect(words).toEqual({ 'landing.headline': 'Find the drivers that move you', 'landing.subHeadline': 'Nine questions, two minutes, and a plan that fits you.' });
  await phone.close();
});

test('a screen left open on another device shows what was saved there once the coach comes back to it; a screen with edits keeps them', async ({ page, server, consoleErrors }) => {
  const { laptop, phone } = await twoDevicesOnWords(page, server, consoleErrors);
  const field = (device: Page, name: string) => device.getByRole('textbox', { name: `Landing › ${name}` });
  await expect(field(laptop, 'Headline')).toHaveValue('Discover Your Core Drivers');
  // The laptop has a half-typed sub-headline, not saved; the phone saves a new headline.
  await field(laptop, 'Sub-headline').fill('Half typed');
  await field(phone, 'Headline').fill('Saved on the phone');
  await phone.getByRole('button', { name: 'Save changes' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();

  // Coming back to the laptop's tab (as the browser says when the tab shows again): the edit is kept, nothing is taken.
  const comeBack = (device: Page) => device.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await comeBack(laptop);
  await expect(laptop.getByRole('region', { name: 'Unsaved changes' })).toContainText('1 change not saved');
  await expect(field(laptop, 'Sub-headline')).toHaveValue('Half typed');
  await laptop.getByRole('button', { name: 'Discard' }).click();
  // With nothing unsaved, coming back shows the headline saved on the phone, focus left where it was.
  await field(laptop, 'Sub-headline').focus();
  await comeBack(laptop);
  await expect(field(laptop, 'Headline')).toHaveValue('Saved on the phone');
  await expect(field(laptop, 'Sub-headline')).toBeFocused();
  await expect(laptop.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

  // A text typed while the laptop is still asking is kept: the answer, come late, is not laid over it.
  await field(phone, 'Headline').fill('Saved on the phone again');
  await phone.getByRole('button', { name: 'Save changes' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await laptop.route('**/api/coach/settings', async (route) => {
    await held;
    await route.continue();
  });
  // Counts the settings answers the page has read, so the test waits until the page has this one in hand.
  const answersRead = () => laptop.evaluate(() => (window as unknown as { answersRead?: number }).answersRead ?? 0);
  await laptop.evaluate(() => {
    const counted = window as unknown as { answersRead: number };
    const read = Response.prototype.json;
    counted.answersRead = 0;
    Response.prototype.json = function (this: Response) {
      const settings = new URL(this.url).pathname === '/api/coach/settings';
      return read.call(this).finally(() => {
        if (settings) counted.answersRead += 1;
      });
    };
  });
  const asked = laptop.waitForRequest('**/api/coach/settings');
  await comeBack(laptop);
  await asked;
  await field(laptop, 'Sub-headline').fill('Typed while it asked');
  release();
  await expect.poll(answersRead).toBe(1);
  // The page had the answer before this check: two frames and a task for React to draw what it made of it.
  await laptop.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
  await expect(field(laptop, 'Sub-headline')).toHaveValue('Typed while it asked');
  await expect(field(laptop, 'Headline')).toHaveValue('Saved on the phone');
  await expect(laptop.getByRole('region', { name: 'Unsaved changes' })).toContainText('1 change not saved');
  await phone.close();
});

test('a text too long is refused in the browser with the server’s message, on whichever tab the coach is, and nothing is saved', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#words');
  const headline = page.getByRole('textbox', { name: 'Landing › Headline' });
  await headline.fill('x'.repeat(121));
  // Saved from another tab of the screen: the tab with the problem comes back, its field focused.
  await page.getByRole('button', { name: 'Insights' }).click();
  await expect(headline).toHaveCount(0);
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toContainText('Please fix the field marked above.');
  await expect(headline).toBeFocused();
  await expect(headline).toHaveAttribute('aria-invalid', 'true');
  await expect(headline).toHaveAccessibleDescription(/Landing › Headline: at most 120 characters \(this has 121\)\./);
  expect((await (await page.request.get('/api/coach/settings')).json()).values.words).toBeNull();
});

test('a text’s length is counted as it is saved: spaces typed twice or a line break count once, so the count never says over the limit when the save is fine', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#words');
  const headline = page.getByRole('textbox', { name: 'Landing › Headline' });
  // 123 characters as typed, 120 as saved: the limit.
  const typed = `Find the drivers that move you.   Then ${'x'.repeat(40)}\n\n${'y'.repeat(42)}`;
  expect(typed.length).toBe(123);
  await headline.fill(typed);
  await expect(headline).toHaveAccessibleDescription(/\b120 of 120 characters/);
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  await expect(headline).toHaveAccessibleDescription(/\b120 of 120 characters/);
});

test('Reset to ours, pressed by keyboard, puts ours back and leaves focus on the field, not on the page', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  takeApiRefusals(consoleErrors);
  await page.goto('/coach#words');
  const headline = page.getByRole('textbox', { name: 'Landing › Headline' });
  await headline.fill('Find the drivers that move you');
  const reset = page.getByRole('button', { name: 'Reset to ours: Landing › Headline' });
  await reset.focus();
  await page.keyboard.press('Enter');
  await expect(headline).toHaveValue('Discover Your Core Drivers');
  // The button went with the change: the field it reset has the focus, so Tab goes on from there.
  await expect(reset).toHaveCount(0);
  await expect(headline).toBeFocused();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);
});

for (const width of [360, 1280]) {
  test(`the words screen at ${width} px: axe finds nothing, nothing scrolls sideways, a field reached with Tab never hides under the save bar`, async ({ page, server, consoleErrors }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await choosePassword(page, await setupAddress(server));
    takeApiRefusals(consoleErrors);
    await page.goto('/coach#words');
    await page.getByRole('textbox', { name: 'Landing › Sub-headline' }).fill('Which of your drivers help you, and which hold you back? Nine questions, two minutes.');
    await page.getByRole('textbox', { name: 'Why This Matters › Paragraph 2' }).fill('Executive functions notwithstanding, individuals demonstrate considerable variability.');
    await expect(page.getByText(/Reads at grade/)).toBeVisible();
    await expectNoA11yFindings(page, 'your words, landing');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'words-landing', width);
    // On a phone the open save bar is taller than the window's usual margin: a field reached with Tab scrolls clear of it.
    if (width === 360) await expectTabClearsBar(page, page.getByRole('textbox', { name: 'Landing › Headline' }), page.getByRole('textbox', { name: 'Landing › Sub-headline' }));
    await page.getByRole('button', { name: 'Insights' }).click();
    await expectNoA11yFindings(page, 'your words, insights');
    await expectNoHorizontalScroll(page);
    await shoot(page, 'words-insights', width);
  });
}
