/**
 * The funnel beacon in a real browser: each step of a quiz run reaches `POST /api/events` once, as
 * a beacon with the run's source, and the visit leaves no cookie or storage behind. The order in
 * which beacons arrive is not promised (each is its own request; the server counts steps per day,
 * in any order), so the steps are compared in funnel order, not in the order they were answered.
 */
import type { Request } from '@playwright/test';
import { funnelSteps, type FunnelStep } from '../src/shared/funnel';
import { expect, test } from './fixtures';

const inFunnelOrder = (bodies: { step: FunnelStep }[]) =>
  [...bodies].sort((a, b) => funnelSteps.indexOf(a.step) - funnelSteps.indexOf(b.step));

test('a quiz run sends each step once with its UTM source, in whatever order they arrive, and stores nothing in the browser', async ({
  page,
  context,
}) => {
  // A busy machine once delivered question_1 before quiz_started; here quiz_started is always late.
  await page.route('**/api/events', async (route) => {
    if ((JSON.parse(route.request().postData() ?? '{}') as { step?: string }).step === 'quiz_started') {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await route.continue();
  });
  const events: { body: { step: FunnelStep }; type: string; status: number | undefined }[] = [];
  const seen: Promise<void>[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname !== '/api/events') return;
    seen.push(
      request.response().then((response) => {
        events.push({ body: JSON.parse(request.postData() ?? 'null'), type: request.headers()['content-type'] ?? '', status: response?.status() });
      }),
    );
  });

  await page.goto('/?utm_source=newsletter&utm_campaign=autumn');
  await expect(page.getByRole('link', { name: 'Start Your Discovery' })).toBeVisible();
  await page.getByRole('link', { name: 'Start Your Discovery' }).click();
  await expect(page.getByText('Question 1 of 9')).toBeVisible();
  await page.getByRole('button', { name: /^Sometimes/ }).click();
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText('Question 2 of 9')).toBeVisible();
  // Back and forth: question 1 was already counted in this run.
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByText('Question 1 of 9')).toBeVisible();

  await expect.poll(() => events.length).toBe(4);
  await Promise.all(seen);
  const source = { source: 'newsletter', campaign: 'autumn' };
  expect(inFunnelOrder(events.map((event) => event.body))).toEqual([
    { step: 'landing', ...source },
    { step: 'quiz_started', ...source },
    { step: 'question_1', ...source },
    { step: 'question_2', ...source },
  ]);
  for (const event of events) {
    expect(event.type).toMatch(/^text\/plain/);
    expect(event.status).toBe(204);
  }
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});
