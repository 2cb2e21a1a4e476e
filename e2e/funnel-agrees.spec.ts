/**
 * The funnel's numbers agree, end to end (issue 32), on the period that once showed "No visitors in
 * this period yet" beside "2 of 2 visitors": visitors whose browsers counted only the results page
 * (an ad blocker stopped the earlier beacons, or they opened the quiz directly) and leads stored by
 * the server, with no landing counted at all. On a server of the test's own: no empty-period
 * message anywhere beside figures, no step above the one before it, no share above 100%, and the
 * note saying why earlier steps were raised. axe and screenshots (SHOTS_DIR) at 360 and 1280 px.
 */
import type { Page } from '@playwright/test';
import type { FunnelResponse } from '../src/shared/coach-api/funnel';
import type { FunnelStep } from '../src/shared/funnel';
import { funnelEventsEndpoint } from '../src/shared/funnel-event';
import { leadsApiPath } from '../src/shared/paths';
import { expectApiRefusals, expectNoA11yFindings, expectTapTargets } from './coach-a11y';
import { waitForFunnel, waitForOffers } from './coach-counts';
import { choosePassword, setupAddress, shoot, test } from './coach-first-run';
import { expect, expectNoHorizontalScroll, ownConnection } from './fixtures';

/** The funnel table's count column, step by step from the top. */
async function stepCounts(page: Page): Promise<number[]> {
  const table = page.getByRole('table', { name: 'Each step of the funnel with its count, conversion and drop-off' });
  const cells = await table.locator('tbody tr td:first-of-type').allTextContents();
  return cells.map((text) => Number(text.replace(/,/g, '')));
}

for (const width of [360, 1280]) {
  test(`at ${width} px: results counted by the browser and leads by the server, no landing: figures, never "No visitors", no step above the one before`, async ({
    page,
    server,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await choosePassword(page, await setupAddress(server));
    await expectApiRefusals(consoleErrors, [401]);

    // Three visitors' browsers counted only the results page; two of them left their address.
    const headers = { origin: server.url, ...ownConnection };
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const beacon = await page.request.post(funnelEventsEndpoint, {
        headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
        data: JSON.stringify({ step: 'results', source: 'newsletter' }),
      });
      expect(beacon.status()).toBe(204);
    }
    for (const [email, firstName] of [
      ['ana@example.com', 'Ana'],
      ['ben@example.com', 'Ben'],
    ]) {
      const lead = await page.request.post(leadsApiPath, { headers, data: { email, firstName, ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] } });
      expect(lead.status()).toBe(201);
    }

    // Beacons and leads are written once a second: the screen opens once they are in.
    const total = (funnel: FunnelResponse, step: FunnelStep) => funnel.steps.find((count) => count.step === step)?.count;
    await waitForFunnel(page, (funnel) => total(funnel, 'results') === 3 && total(funnel, 'lead') === 2, 'three results and two leads');
    await waitForOffers(page, (report) => report.rows.reduce((leads, row) => leads + row.leads, 0) === 2, 'two leads under the offers');
    await page.getByRole('link', { name: 'Funnel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
    // Everyone who got at least that far: the results' three at every step before, the two leads, no course click.
    await expect.poll(() => stepCounts(page)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0]);
    const counts = await stepCounts(page);
    counts.forEach((count, index) => expect(count).toBeLessThanOrEqual(counts[index - 1] ?? count));
    await expect(page.getByText('No visitors in this period yet.')).toHaveCount(0);
    await expect(page.getByText(/^Some visitors were counted at a later step but not at an earlier one/)).toBeVisible();
    // The callout says what the table says: the leads' step lost both (no course click yet).
    await expect(page.getByText(/^The biggest drop is at/)).toContainText('2 of 2 visitors (100%)');
    // No share anywhere on the screen above 100%.
    const shares = (await page.locator('main').innerText()).match(/\d+(?:\.\d+)?%/g) ?? [];
    expect(shares.length).toBeGreaterThan(0);
    for (const share of shares) expect(Number.parseFloat(share)).toBeLessThanOrEqual(100);

    // The day-by-day chart and its table count the day as the summary does: 3 landings, not 0.
    await expect(page.getByText(/^Each day counts as the funnel above does/)).toBeVisible();
    await page.getByText('Show the numbers for each day').click();
    const days = page.getByRole('table', { name: 'Landings, quiz starts, results, leads and course clicks per day' });
    const dayCounts = await Promise.all((await days.locator('tbody tr').all()).map(async (row) => (await row.locator('td').allTextContents()).join(' ')));
    // The one day with figures: landings, started, results, leads, course clicks.
    expect(dayCounts.filter((counts) => counts !== '0 0 0 0 0')).toEqual(['3 3 3 2 0']);

    // The sources (Direct 2 for the leads stored without a source, newsletter 3) say why they add up to more than 3.
    const sources = page.getByRole('table', { name: 'Landings, leads and course clicks by source' });
    await expect(sources.locator('tbody tr')).toHaveCount(2);
    await expect(page.getByText('The sources add up to 5 at “Landing page”, the period to 3', { exact: false })).toBeVisible();

    // The offers: whoever left a lead saw the offer, so "Saw it" is never below the leads.
    const offers = page.getByRole('table', { name: 'Offers' });
    await expect(offers.getByRole('row', { name: /^All patterns/ })).toBeVisible();
    const offerTotal = (await offers.getByRole('row', { name: /^All patterns/ }).locator('td').allTextContents()).map(Number);
    expect(offerTotal).toEqual([2, 2, 0]);
    await expect(page.getByText(/^Some leads came from visitors whose browser did not count the page with the offer/)).toBeVisible();

    await expectNoA11yFindings(page, 'funnel with raised counts');
    await expectNoHorizontalScroll(page);
    if (width === 360) await expectTapTargets(page, 'funnel');
    await shoot(page, 'funnel-raised', width);
  });
}
