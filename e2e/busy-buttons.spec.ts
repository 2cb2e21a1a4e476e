/**
 * A dashboard button that waits on the server keeps the focus (src/lib/busy-button.tsx): pressed
 * from the keyboard, it stays focused while it waits, says it waits (aria-disabled), ignores a second
 * press, and after a failure is still there to be pressed again. A `disabled` button would drop the
 * focus to the page's body: a screen reader would be left nowhere, and Enter would do nothing.
 */
import type { Locator, Page } from '@playwright/test';
import { expectApiRefusals, said } from './coach-a11y';
import { signInToFakeApi } from './coach-fake-api';
import { choosePassword, setupAddress, test as ownServerTest } from './coach-first-run';
import { expect, test } from './fixtures';
import { saveBar } from './save-bar';

/**
 * Holds the first `method` request to `url` until `answer(status)` is called, then answers it with
 * that status; later requests go on as usual (to the stand-in API or the real server).
 */
async function holdFirst(page: Page, url: string, method: string) {
  let answer: (status: number) => void = () => undefined;
  const answered = new Promise<number>((resolve) => (answer = resolve));
  let requests = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    requests += 1;
    if (requests > 1) return route.fallback();
    const status = await answered;
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Try again in a moment.' }) });
  });
  return { answer, requests: () => requests };
}

/** Presses `button` with Enter while its request is held: it keeps the focus and says it waits; then Enter again. */
async function pressWhileHeld(page: Page, button: Locator, busyName: string | RegExp, held: { requests: () => number }) {
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(held.requests, { message: 'the request was sent' }).toBe(1);
  const waiting = page.getByRole('button', { name: busyName });
  await expect(waiting).toBeFocused();
  await expect(waiting).toHaveAttribute('aria-disabled', 'true');
  // A second Enter while it waits sends nothing: each test counts exactly two requests at its end
  // (this one and the retry), by when a third would long have arrived.
  await page.keyboard.press('Enter');
}

test.describe('against the stand-in API', () => {
  test.beforeEach(async ({ page, consoleErrors }) => {
    await signInToFakeApi(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
    // The session asked before signing in.
    await expectApiRefusals(consoleErrors, [401]);
  });

  test('Erase for good keeps the focus while it waits, and after a failure Enter tries again', async ({ page, consoleErrors }) => {
    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.getByRole('link', { name: /^Ana ana/ }).click();
    await page.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
    const held = await holdFirst(page, '**/api/coach/leads/*', 'DELETE');
    const erase = dialog.getByRole('button', { name: 'Erase for good' });
    await pressWhileHeld(page, erase, 'Erasing…', held);

    held.answer(503);
    await expect(said(dialog, 'alert')).toHaveText('The lead could not be erased. Please try again.');
    await expect(erase).toBeFocused();
    await expectApiRefusals(consoleErrors, [503]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'The lead was erased.' })).toBeVisible();
    expect(held.requests()).toBe(2);
  });

  test('Retry now keeps the focus while it waits, and after a failure Enter tries again', async ({ page, consoleErrors }) => {
    await page.getByRole('link', { name: 'Deliveries' }).click();
    const held = await holdFirst(page, '**/retry', 'POST');
    const retry = page.getByRole('button', { name: /^Retry now: Webhook: new lead, queued / });
    await pressWhileHeld(page, retry, 'Retrying…', held);

    held.answer(503);
    await expect(page.getByText('The retry could not be scheduled. Please try again.')).toBeVisible();
    await expect(retry).toBeFocused();
    await expectApiRefusals(consoleErrors, [503]);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Scheduled: it will be sent in a moment.')).toBeVisible();
    expect(held.requests()).toBe(2);
  });
});

ownServerTest('Save keeps the focus while it waits and after a failure; once saved, focus is on the line that says so', async ({ page, server, consoleErrors }) => {
  await choosePassword(page, await setupAddress(server));
  await expectApiRefusals(consoleErrors, [401]);
  await page.getByLabel(/^Course link/).fill('https://dana.example/course');
  const held = await holdFirst(page, '**/api/coach/settings', 'PATCH');
  const save = saveBar(page).getByRole('button', { name: 'Save changes' });
  await pressWhileHeld(page, save, 'Saving…', held);

  held.answer(503);
  await expect(said(saveBar(page), 'alert')).toHaveText(/This could not be saved\. Check your connection and try again/);
  await expect(save).toBeFocused();
  await expectApiRefusals(consoleErrors, [503]);
  await page.keyboard.press('Enter');
  // The bar goes away with the button: focus lands on what happened, not on the page's body.
  const saved = page.getByRole('status').filter({ hasText: 'All changes saved.' });
  await expect(saved).toBeFocused();
  await expect(saveBar(page)).toHaveCount(0);
  expect(held.requests()).toBe(2);
});
