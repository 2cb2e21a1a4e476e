/**
 * The coach makes the quiz theirs, from the browser, on a server of the test's own started from an
 * empty DATA_DIR (e2e/own-server.ts): the one-time set-up address read from the server's log, the
 * password chosen in the browser, the settings screen (name, photo, course), and a visitor in another
 * browser context who sees it all without a restart. axe on every new screen at 360 and 1280 px;
 * bad values get clear messages. With SHOTS_DIR set, each screen is saved there too.
 */
import { pngImage, svgImage } from '../server/test/images';
import { expectNoAxeViolations } from './axe';
import { expectApiRefusals, expectNoA11yFindings, said } from './coach-a11y';
import { choosePassword, password, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll, expectPlaceholdersFit, ownConnection } from './fixtures';
import { clickSave, saveAll, saveBar } from './save-bar';
import { unlockInsights, visitorPage } from './visitor';


test('from an empty DATA_DIR: the set-up address from the log, the password in the browser, the coach’s name, photo and course, seen by a visitor without a restart', async ({
  page,
  server,
  browser,
  consoleErrors,
}) => {
  const address = await setupAddress(server);

  // Before a password is set, /coach explains where the address is, with the command line to copy.
  await page.goto('/coach');
  await expect(page.getByRole('heading', { name: 'Set up your dashboard' })).toBeVisible();
  await expect(page.getByLabel('The command to run', { exact: true })).toHaveText('npm run coach -- set-password');

  await choosePassword(page, address);
  // Not signed in yet, on /coach and on the set-up address: what Chromium logs for the two 401s.
  await expectApiRefusals(consoleErrors, [401, 401]);
  await page.getByLabel(/^Your name/).fill('Dana Reyes');
  await page.getByLabel(/^One-line intro/).fill('ADHD coach for busy founders');
  await page.getByLabel('Photo or logo').setInputFiles({ name: 'dana.png', mimeType: 'image/png', buffer: pngImage(240, 240) });
  // Shown at once, saved with the rest: one save for the whole screen, the photo included.
  await expect(page.getByRole('img', { name: 'Your new picture, not saved yet' })).toBeVisible();
  await page.getByLabel(/^Course link/).fill('https://dana.example/course');
  await page.getByLabel(/^Course pitch/).fill('Six short lessons, in my own words.');
  await page.getByLabel(/^Course length/).fill('4 weeks');
  await page.getByLabel(/^Course price/).fill('$49');
  await page.getByLabel(/^Course outcome/).fill('A morning routine that sticks');
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toContainText('8 changes not saved');
  await saveAll(page);
  await expect(page.getByRole('img', { name: 'Your current picture' })).toBeVisible();

  // A visitor, in another browser context, on the same running server.
  const visitor = await visitorPage(browser, server, 360);
  const firstLoad = await visitor.request.get('/', { headers: ownConnection });
  // In the HTML itself, before any script runs.
  expect(await firstLoad.text()).toContain('Dana Reyes');
  await visitor.goto('/');
  await expect(visitor.getByText('A quiz by Dana Reyes').first()).toBeVisible();
  await expect(visitor.getByRole('contentinfo')).toContainText('A quiz by Dana Reyes.');

  await unlockInsights(visitor, '113122232');
  const cta = visitor.getByRole('region', { name: 'Now what?' });
  await expect(cta.getByText('Dana Reyes')).toBeVisible();
  const face = cta.locator('img');
  await expect(face).toBeVisible();
  expect(await face.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(240);
  await expect(cta.getByText('Six short lessons, in my own words.')).toBeVisible();
  await expect(cta.getByRole('definition')).toHaveText(['4 weeks', '$49', 'A morning routine that sticks']);
  await expect(cta.getByRole('link', { name: /Show Me the Course/ })).toHaveAttribute('href', 'https://dana.example/course');
  // The spec's own texts stay.
  await expect(cta.getByRole('heading', { name: 'Now what?' })).toBeVisible();
  await visitor.context().close();
});

test('bad values get clear messages naming the field, and nothing is saved', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  await expectApiRefusals(consoleErrors, [401]);

  await page.getByLabel(/^Course link/).fill('javascript:alert(1)');
  await clickSave(page);
  const link = page.getByLabel(/^Course link/);
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription(/Course link: use an address that starts with https:\/\/; javascript links are not allowed\./);
  await expect(page.getByRole('alert').filter({ hasText: 'Please fix the field marked above.' })).toBeVisible();
  await link.fill('');

  const photo = page.getByLabel('Photo or logo');
  await photo.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svgImage });
  await clickSave(page);
  await expect(page.getByRole('alert').filter({ hasText: 'SVG files are not accepted' })).toBeVisible();
  await expect(photo).toBeFocused();
  await photo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([pngImage(400, 400), Buffer.alloc(5 * 1024 * 1024)]) });
  await expect(page.getByRole('alert').filter({ hasText: /Photo or logo: at most 1 MB \(this one is 5\.\d MB\)/ })).toBeVisible();
  // The refused picture is still only a draft: removed, nothing is left to save.
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No picture yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);
  // The SVG's 400, logged by Chromium; the 5 MB file never left the browser.
  await expectApiRefusals(consoleErrors, [400]);

  // On a phone, a message quoting a long example address wraps inside its card, not past its edge.
  // A pitch pasted too long is kept whole, and its message counts all of it (it was cut at 800).
  const pitch = 'You have seen your pattern. In six short lessons we build routines around your strengths. '.repeat(10).trim();
  await page.getByLabel(/^Course pitch/).fill(pitch);
  await page.getByLabel(/^Mail server \(SMTP\)/).fill('mail.example.com');
  await clickSave(page);
  await expect(page.getByLabel(/^Course pitch/)).toHaveValue(pitch);
  await expect(page.locator('#setting-coursePitch-error')).toHaveText(`Course pitch: at most 600 characters (this has ${pitch.length}).`);
  const smtpProblem = page.locator('#setting-smtpUrl-error');
  await expect(smtpProblem).toHaveText(/use a complete address like smtp:\/\/user:password@smtp\.example\.com:587\./);
  expect(await smtpProblem.evaluate((message) => message.scrollWidth - message.clientWidth)).toBe(0);

  const response = await page.request.get('/api/coach/settings', { headers: ownConnection });
  expect((await response.json()).values).toMatchObject({ courseUrl: null, coachPhoto: null });
});

test.describe('with PRIVACY_URL set on the server', () => {
  test.use({ serverEnv: { PRIVACY_URL: 'https://coach.example/privacy' } });

  for (const width of [360, 1280]) {
    test(`the new screens at ${width} px: axe finds nothing, nothing scrolls sideways`, async ({ page, server, browser, consoleErrors }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      const address = await setupAddress(server);

      await page.goto('/coach');
      await expect(page.getByRole('heading', { name: 'Set up your dashboard' })).toBeVisible();
      await expectNoA11yFindings(page, 'set-up explained');
      await expectNoHorizontalScroll(page);
      await shoot(page, 'setup-explained', width);

      await page.goto(address);
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(said(page, 'alert')).toHaveText('Please use at least 12 characters.');
      await expectNoA11yFindings(page, 'set-up form with a problem');
      await shoot(page, 'setup-form', width);
      await page.getByLabel('New password').fill(password);
      await page.getByLabel('Type it again').fill(password);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expectApiRefusals(consoleErrors, [401, 401]);
      // The environment wins: shown, read-only, with the variable that sets it.
      const privacy = page.getByLabel(/^Privacy policy link/);
      await expect(privacy).toHaveValue('https://coach.example/privacy');
      await expect(privacy).toHaveAttribute('readonly', '');
      await expect(privacy).toHaveAccessibleDescription(/Set on the server \(PRIVACY_URL\)/);
      await expectNoA11yFindings(page, 'settings, empty');
      await expectNoHorizontalScroll(page);
      // The consent wording's default (its placeholder) reads whole, on a phone too.
      await expect(page.getByLabel(/^Consent box wording/)).toHaveAttribute('placeholder', /unsubscribe at any time\.$/);
      await expectPlaceholdersFit(page);

      await page.getByLabel(/^Your name/).fill('Dana Reyes');
      // The save bar is in view wherever the coach is on the screen: at its top too, on a phone.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(saveBar(page)).toBeInViewport({ ratio: 1 });
      await page.getByLabel(/^One-line intro/).fill('ADHD coach for busy founders');
      await page.getByLabel('Photo or logo').setInputFiles({ name: 'dana.png', mimeType: 'image/png', buffer: pngImage(240, 240) });
      await expect(page.getByText('New picture chosen (dana.png)')).toBeVisible();
      await page.getByLabel(/^Course link/).fill('https://dana.example/course');
      await page.getByLabel(/^Course pitch/).fill('You have seen your pattern. In six short lessons we build routines around your strengths, one small step a day.\n\nNo lectures about willpower.');
      await page.getByLabel(/^Course length/).fill('4 weeks');
      await page.getByLabel(/^Course price/).fill('$49');
      await page.getByLabel(/^Course outcome/).fill('A morning routine that sticks');
      await page.getByLabel(/^Help line text/).fill('Book a free 20-minute call with me');
      await page.getByLabel(/^Help line link/).fill('ftp://dana.example/call');
      await clickSave(page);
      await expect(page.getByLabel(/^Help line link/)).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yFindings(page, 'settings, filled in, a field refused');
      await expectNoHorizontalScroll(page);
      await shoot(page, 'settings', width);
      await page.getByLabel(/^Help line link/).fill('https://dana.example/call');
      await saveAll(page);

      const visitor = await visitorPage(browser, server, width);
      await visitor.goto('/');
      await expect(visitor.getByText('A quiz by Dana Reyes').first()).toBeVisible();
      await expectNoAxeViolations(visitor, `landing with the coach's identity at ${width}`);
      await expectNoHorizontalScroll(visitor);
      await shoot(visitor, 'visitor-landing', width);
      await unlockInsights(visitor, '111112111');
      await expect(visitor.getByRole('link', { name: /Book a free 20-minute call with me/ })).toBeVisible();
      await expectNoAxeViolations(visitor, `results with the coach's course at ${width}`);
      await expectNoHorizontalScroll(visitor);
      await shoot(visitor, 'visitor-results', width);
      if (process.env.SHOTS_DIR) {
        const cta = visitor.getByRole('region', { name: 'Now what?' });
        await cta.scrollIntoViewIfNeeded();
        await cta.screenshot({ path: `${process.env.SHOTS_DIR}/visitor-course-${width}.png` });
        await visitor.getByText('Many of your drivers need support').locator('..').screenshot({ path: `${process.env.SHOTS_DIR}/visitor-help-line-${width}.png` });
      }
      await visitor.context().close();
    });
  }
});
