/**
 * The coach's connections and embed, on a server of the test's own from an empty DATA_DIR: the
 * webhook address and a signing secret set on the settings screen, "Send a test" to a real receiver
 * on 127.0.0.1 showing its answer, status and time; the deliveries screen saying where leads go;
 * the "On your site" screen (allowed sites, the snippets copied with one click, the look with a live
 * preview). Bad values get clear messages; what the server's environment sets is read-only, naming
 * the variable. axe and screenshots (SHOTS_DIR) at 360 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { signedWith, startReceiver, type Receiver } from '../server/test/receiver';
import { expectApiRefusals, expectNoA11yFindings, expectTapTargets } from './coach-a11y';
import { choosePassword, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll, ownConnection } from './fixtures';
import { saveBar } from './save-bar';

const forwarding = (page: Page) => page.getByRole('region', { name: 'Forwarding leads to your e-mail tool' });

async function openEmbedScreen(page: Page) {
  await page.getByRole('link', { name: 'On your site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'On your site' })).toBeFocused();
}

test.describe('webhook and embed set on the dashboard', () => {
  let receiver: Receiver;
  test.beforeEach(async () => {
    receiver = await startReceiver();
    receiver.answer = (response) => response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true,"id":"evt_42"}');
  });
  test.afterEach(async () => receiver.close());
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const width of [360, 1280]) {
    test(`at ${width} px: the address, a secret shown once, a test to the receiver, the snippets and the look`, async ({ page, server, consoleErrors }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await choosePassword(page, await setupAddress(server));
      await expectApiRefusals(consoleErrors, [401]);

      const panel = forwarding(page);
      await expect(panel.getByText('Off: there is no address yet.')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Send a test' })).toBeDisabled();

      // A plain http:// address elsewhere than this machine is refused, naming the field, and not sent.
      const address = panel.getByRole('textbox', { name: 'Webhook address' });
      await address.fill('http://hooks.example.com/catch');
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(address).toBeFocused();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(address).toHaveAccessibleDescription(/Webhook address: use https:\/\/ \(leads hold personal data; plain http:\/\/ only to this computer\)\./);
      await expectNoA11yFindings(page, 'settings, webhook address refused');

      await address.fill(receiver.url);
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
      await expect(panel.getByText('Off: make a signing secret below, and leads start going out.')).toBeVisible();
      // The saved address stays in its field.
      await expect(address).toHaveValue(receiver.url);

      await panel.getByRole('button', { name: 'Make a signing secret' }).click();
      // Focus goes to what to do with it (it was left on the page, and nothing was heard).
      await expect(panel.getByText('Your new signing secret. Copy it into your e-mail tool now: it will not be shown again.')).toBeFocused();
      const shown = panel.getByLabel('The new signing secret', { exact: true });
      await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
      const secret = (await shown.textContent()) ?? '';
      await panel.getByRole('button', { name: 'Copy the new signing secret' }).click();
      await expect(panel.getByText('Copied to the clipboard.')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expect(panel.getByText(`On. Leads go to ${receiver.url}`)).toBeVisible();

      await panel.getByRole('button', { name: 'Send a test' }).click();
      const result = panel.getByRole('region', { name: /^Delivered: your tool accepted it/ });
      await expect(result).toBeVisible({ timeout: 15_000 });
      // The receiver got one webhook.test event, signed with the secret shown on the screen.
      expect(receiver.received).toHaveLength(1);
      const sent = receiver.received[0];
      expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
      expect(sent && signedWith(secret, sent)).toBe(true);
      // Its answer, status and time on the screen, with the event's id as the receiver saw it.
      await expect(result.getByRole('definition')).toHaveText(['202', /^\d\d:\d\d:\d\d \S+$/, /^\d[\d,]* ms$/, receiver.url, String(sent?.headers['webhook-id'])]);
      await expect(result.getByLabel('Answer', { exact: true })).toHaveText('{"accepted":true,"id":"evt_42"}');
      await expectNoA11yFindings(page, 'settings, webhook test sent');

      // A new address typed but not saved: the test would go to the saved one and say "Delivered"
      // for an address the coach is not looking at. It waits for the save, and says so.
      const sendTest = panel.getByRole('button', { name: 'Send a test' });
      await address.fill(`${receiver.url}/new-zap`);
      await expect(sendTest).toBeDisabled();
      await expect(sendTest).toHaveAccessibleDescription('Save your changes first: the test goes to the saved address.');
      await address.fill(receiver.url);
      await expect(sendTest).toBeEnabled();
      await expectNoHorizontalScroll(page);
      await panel.scrollIntoViewIfNeeded();
      if (process.env.SHOTS_DIR) await panel.screenshot({ path: `${process.env.SHOTS_DIR}/settings-webhook-${width}.png` });

      // A second secret replaces the first only once the coach confirms; the old one is never shown.
      // Focus follows the question in (to Cancel, the safe answer) and out (the button pressed gave
      // way to it: focus fell to the page).
      await panel.getByRole('button', { name: 'Make a new secret' }).click();
      await expect(panel.getByText('Your e-mail tool must get the new secret, or it will refuse leads until it does.')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expect(panel.getByRole('group', { name: 'Your e-mail tool must get the new secret, or it will refuse leads until it does.' })).toBeVisible();
      await expectNoA11yFindings(page, 'settings, replacing the secret');
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await expect(panel.getByRole('button', { name: 'Make a new secret' })).toBeFocused();
      await page.reload();
      await expect(forwarding(page).getByText('A secret is set. It is never shown again.')).toBeVisible();
      await expect(forwarding(page).getByRole('textbox', { name: 'Webhook address' })).toHaveValue(receiver.url);
      await expect(forwarding(page).getByLabel('The new signing secret', { exact: true })).toHaveCount(0);

      // The deliveries screen says where leads go, never with credentials.
      await page.getByRole('link', { name: 'Deliveries' }).click();
      await expect(page.getByText(`Leads go to ${receiver.url}.`)).toBeVisible();
      await expectNoA11yFindings(page, 'deliveries with the address');
      await shoot(page, 'deliveries-destination', width);

      // On your site: allowed sites, one refused with a message naming its place in the list.
      await openEmbedScreen(page);
      await expect(page.getByText('No site yet: browsers will refuse to show the quiz on your pages until you add yours.')).toBeVisible();
      const sites = page.getByLabel('Allowed sites');
      await sites.fill('https://coach.example\nhttps://www.coach.example/blog');
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(sites).toBeFocused();
      await expect(sites).toHaveAccessibleDescription(/Allowed sites: .*2.*path/);
      await expectNoA11yFindings(page, 'embed, a site refused');
      await sites.fill('https://coach.example\nhttps://www.coach.example');
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
      const framed = await page.request.get('/?embed=inline', { headers: ownConnection });
      expect(framed.headers()['content-security-policy']).toContain("frame-ancestors 'self' https://coach.example https://www.coach.example");

      // The snippets, copied with one click each.
      const snippets = page.getByRole('region', { name: 'Copy a snippet' });
      await snippets.getByRole('button', { name: 'Copy the popup snippet' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `<div data-core-drivers data-mode="popup"></div>\n<script src="${server.url}/embed.js" async></script>`,
      );
      await snippets.getByRole('button', { name: 'Copy the inline snippet' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`<div data-core-drivers></div>\n<script src="${server.url}/embed.js" async></script>`);

      // The look: a pale yellow accent would leave white button text unreadable, and is refused.
      const look = page.getByRole('region', { name: 'Look on your site' });
      const accent = look.getByLabel(/^Accent colour/);
      await accent.fill('#f5d76e');
      // A button text pasted too long is kept whole, and its message counts all of it (it was cut at 80).
      const buttonText = look.getByLabel(/^Popup button text/);
      const pasted = 'Take the free three-minute quiz and find out which of your nine Core Drivers help you most';
      await buttonText.fill(pasted);
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(accent).toBeFocused();
      await expect(accent).toHaveAccessibleDescription(/Accent colour: .*4\.5:1/);
      await expect(buttonText).toHaveValue(pasted);
      await expect(buttonText).toHaveAccessibleDescription(new RegExp(`Popup button text: at most 40 characters \\(this has ${pasted.length}\\)`));
      await expectNoA11yFindings(page, 'embed, a low-contrast accent refused');
      await expectNoHorizontalScroll(page);
      await shoot(page, 'embed-refused', width);

      // A background colour the quiz's text cannot be read on: focus goes to that colour's field,
      // which says why (it went to the first background choice, "The quiz’s own pale cream", silent).
      await accent.fill('');
      await buttonText.fill('');
      await look.getByLabel('A colour of your own').check();
      const background = look.getByRole('textbox', { name: /^Background colour/ });
      await background.fill('#222222');
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(background).toBeFocused();
      await expect(background).toHaveAttribute('aria-invalid', 'true');
      await expect(background).toHaveAccessibleDescription(/Background: The quiz’s grey text .*4\.5:1/);
      await background.fill('');

      await accent.fill('#6b2f8a');
      await look.getByLabel('Hide the quiz’s own name line and footer in the frame').check();
      await look.getByLabel('Transparent: your page shows through').check();
      await look.getByLabel(/^Popup button text/).fill('Take the 3-minute quiz');
      // The live preview is the real quiz, the draft applied before anything is saved.
      const preview = look.frameLocator('iframe[title="Preview of the quiz in your page"]');
      const start = preview.getByRole('link', { name: 'Start Your Discovery' });
      await expect(start).toBeVisible();
      await expect(start).toHaveCSS('background-color', 'rgb(107, 47, 138)');
      await expect(preview.getByRole('contentinfo')).toBeHidden();
      await expect(look.getByText('Take the 3-minute quiz')).toBeVisible();
      await expect(saveBar(page)).toContainText('4 changes not saved');
      await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
      const script = await (await page.request.get('/embed.js', { headers: ownConnection })).text();
      expect(script).toContain('Take the 3-minute quiz');
      await expectNoA11yFindings(page, 'embed, look saved');
      await expectNoHorizontalScroll(page);
      if (width === 360) await expectTapTargets(page, 'embed');
      await shoot(page, 'embed', width);
    });
  }
});

test.describe('with LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET and EMBED_ORIGINS set on the server', () => {
  test.use({
    serverEnv: {
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/catch/1?token=abc',
      LEAD_WEBHOOK_SECRET: 'a-shared-secret-of-thirty-two-chars',
      EMBED_ORIGINS: 'https://coach.example',
    },
  });

  for (const width of [360, 1280]) {
    test(`at ${width} px: shown read-only, naming the variable; the address without its token`, async ({ page, server, consoleErrors }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await choosePassword(page, await setupAddress(server));
      await expectApiRefusals(consoleErrors, [401]);

      const panel = forwarding(page);
      await expect(panel.getByText('On. Leads go to https://hooks.example.com/catch/1?token=…')).toBeVisible();
      await expect(panel.getByText('Set on the server (LEAD_WEBHOOK_URL). Change it there; it wins over this screen.')).toBeVisible();
      await expect(panel.getByText('Set on the server (LEAD_WEBHOOK_SECRET). Change it there; it wins over this screen.')).toBeVisible();
      // Read-only, in its safe form: no save for it.
      const address = panel.getByRole('textbox', { name: 'Webhook address' });
      await expect(address).toHaveValue('https://hooks.example.com/catch/1?token=…');
      await expect(address).toHaveAttribute('readonly', '');
      await expect(panel.getByRole('button', { name: /secret/ })).toHaveCount(0);
      await expect(page.getByText('abc')).toHaveCount(0);
      await expectNoA11yFindings(page, 'settings, webhook set on the server');
      if (process.env.SHOTS_DIR) await panel.screenshot({ path: `${process.env.SHOTS_DIR}/settings-webhook-from-server-${width}.png` });

      await openEmbedScreen(page);
      const sites = page.getByLabel('Allowed sites');
      await expect(sites).toHaveValue('https://coach.example');
      await expect(sites).toHaveAttribute('readonly', '');
      await expect(page.getByText('Set on the server (EMBED_ORIGINS). Change it there; it wins over this screen.')).toBeVisible();
      await expect(saveBar(page)).toHaveCount(0);
      await expectNoA11yFindings(page, 'embed, sites set on the server');
      await expectNoHorizontalScroll(page);
      await shoot(page, 'embed-from-server', width);
    });
  }
});
