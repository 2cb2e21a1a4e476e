import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from './fixtures';
import { prefetchMark } from '../src/app/prefetch-mark';
import { heardAs } from './chromium-ax';
import { coreDriversState, openResultsOnFakeClock, openResultsWithState } from './results-state';

const gateHeading = (page: Page) => page.getByRole('heading', { name: 'Want to Know What This Means?' });
const submitButton = (page: Page) => page.getByRole('button', { name: /Show Me My Insights|Analyzing\.\.\./ });
const insightsHeading = (page: Page) =>
  page.getByRole('heading', { name: "Got it! Here's what your Core Driver profile reveals..." });
const cards = (page: Page) => page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('button');
/** Sonner adds a toast on its next timer tick, so the paused clock moves a little first. */
async function toast(page: Page, title: string) {
  await page.clock.runFor(100);
  return page.getByRole('listitem').filter({ hasText: title });
}

/** Every console message of the page, of any type, as text. */
/** The methods of the requests the page sends to the lead API, as they happen. */
function collectLeadRequests(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/leads') methods.push(request.method());
  });
  return methods;
}

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  return messages;
}

/** Opens the results with these ratings and runs the fake clock until the gate shows. */
async function openAtGate(page: Page, ratings: string) {
  await openResultsOnFakeClock(page, coreDriversState(ratings));
  await page.clock.runFor(2800);
  await expect(gateHeading(page)).toBeVisible();
}

async function unlock(page: Page, email = 'sam@example.com', firstName = 'Sam') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill(firstName);
  await submitButton(page).click();
  await page.clock.runFor(1500);
  await expect(insightsHeading(page)).toBeVisible();
}

test('the timeline: loading until 0.5 s, cards one by one from 0.8 s, legend and confetti at 2.3 s, gate at 2.8 s', async ({ page }) => {
  await openResultsOnFakeClock(page, coreDriversState('131223312'));
  const title = page.getByRole('heading', { level: 1, name: 'Your Core Driver Profile' });
  const legend = page.getByRole('list', { name: 'What the colors mean' });
  const confettiCanvas = page.locator('body > canvas');

  await expect(page.getByRole('status')).toHaveText('Analyzing your pattern...');
  // While loading, the heading is transparent (still the page's h1 for assistive technology).
  const header = page.locator('main header');
  await expect(header).toHaveCSS('opacity', '0');
  await page.clock.runFor(499);
  await expect(header).toHaveCSS('opacity', '0');
  await page.clock.runFor(1);
  await expect(header).toHaveCSS('opacity', '1');
  await expect(title).toBeVisible();
  await expect(page.getByText("Here's your unique pattern")).toBeVisible();
  // The same live region now says, once, that the profile is ready (visually hidden).
  await expect(page.getByRole('status')).toHaveText(/^Your Core Driver Profile is ready\./);

  await page.clock.runFor(299);
  await expect(cards(page)).toHaveCount(0);
  for (let shown = 1; shown <= 9; shown += 1) {
    await page.clock.runFor(shown === 1 ? 1 : 100);
    await expect(cards(page)).toHaveCount(shown);
  }

  await page.clock.runFor(2299 - 1600);
  await expect(legend).toBeHidden();
  await expect(confettiCanvas).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(legend).toBeVisible();
  await expect(confettiCanvas).toHaveCount(1);

  await page.clock.runFor(499);
  await expect(gateHeading(page)).toBeHidden();
  await page.clock.runFor(1);
  await expect(gateHeading(page)).toBeVisible();
});

test('the profile shows short names, the rating in words, and the legend colours', async ({ page }) => {
  await openAtGate(page, '131223312');
  await expect(cards(page).first()).toContainText('Impulse Control');
  await expect(cards(page).first()).not.toContainText('(Inhibition)');
  await expect(cards(page).nth(7)).toContainText('Cognitive Flexibility');
  await expect(cards(page).nth(7)).not.toContainText('(Shifting)');
  await expect(cards(page).first()).toContainText('Needs Support');
  await expect(cards(page).nth(1)).toContainText('Strong');
  await expect(cards(page).nth(3)).toContainText('Neutral');

  const legend = page.getByRole('list', { name: 'What the colors mean' });
  await expect(legend.getByRole('listitem')).toHaveText(['Needs Support', 'Neutral', 'Strong']);
  const legendColours = await legend.locator('svg > :first-child').evaluateAll((shapes) =>
    shapes.map((shape) => shape.getAttribute('fill')),
  );
  expect(legendColours).toEqual(['#BF0811', '#FFA500', '#5EAD5A']);

  // Each card's band, down its left edge, is its rating's legend colour (e2e/colour-meaning.spec.ts has the rest).
  const cardBands = await cards(page).evaluateAll((buttons) =>
    buttons.map((button) => getComputedStyle(button.querySelector('span > span > span') as Element).backgroundColor),
  );
  const red = 'rgb(191, 8, 17)';
  const orange = 'rgb(255, 165, 0)';
  const green = 'rgb(94, 173, 90)';
  expect(cardBands).toEqual([red, green, red, orange, orange, green, green, red, orange]);
});

test('a card flips by click and by keyboard, and back again', async ({ page }) => {
  await openAtGate(page, '131223312');
  // The name stays "driver, rating" on both sides; the description is the side on show (on a phone
  // the front's one-line description is not shown, so none).
  const card = page.getByRole('button', { name: 'Working Memory, Strong', exact: true });
  await expect(card).toHaveAccessibleDescription('');
  await expect(card).toHaveAttribute('aria-pressed', 'false');

  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toHaveAccessibleDescription(/^You forget why you walked into rooms\./);
  // Chromium's own tree: the scenario is the description, not part of the name as well.
  const [flipped] = await heardAs(page, 'button', 'Working Memory');
  expect(flipped?.name).toBe('Working Memory, Strong');
  expect(flipped?.description).toMatch(/^You forget why you walked into rooms\./);
  await expect(card.getByText('Tap to flip back')).toBeVisible();
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'false');

  await card.focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toHaveAccessibleName('Working Memory, Strong');
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText('Flip to see scenario')).toBeVisible();
});

// A card's one-line description shows from 640 px up: a screen reader hears it where it shows, once
// (as the card's description, not in its name too), and not where it is hidden. Chromium's own tree.
for (const [width, shown] of [
  [360, false],
  [1280, true],
] as const) {
  test(`at ${width} px a card's one-line description is ${shown ? 'shown and read once' : 'neither shown nor read'}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openAtGate(page, '131223312');
    const description = 'Holding information in mind while you use it.';
    const card = page.getByRole('button', { name: 'Working Memory, Strong', exact: true });
    await expect(card.getByText(description)).toBeVisible({ visible: shown });
    expect(await heardAs(page, 'button', 'Working Memory')).toEqual([
      { role: 'button', name: 'Working Memory, Strong', description: shown ? description : '' },
    ]);
  });
}

test('with reduced motion a flipped card shows its back without the 3D turn', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openAtGate(page, '131223312');
  const card = page.getByRole('button', { name: /Working Memory/ });
  await card.click();
  const transforms = await card.evaluate((button) => {
    const inner = button.firstElementChild as Element;
    return [inner, ...inner.children].map((element) => getComputedStyle(element).transform);
  });
  expect(transforms.every((transform) => transform === 'none')).toBe(true);
  await expect(card.getByText('Tap to flip back')).toBeVisible();
  await expect(card.getByText('Flip to see scenario')).toBeHidden();
});

test('opened directly without quiz data, the page logs an error, shows the spinner text and goes to /', async ({ page, consoleErrors }) => {
  await page.clock.install();
  await page.goto('/results');
  await expect(page.getByText('Analyzing your pattern...')).toBeVisible();
  await expect(page.getByText('Please take the quiz first. Redirecting...')).toBeVisible();
  await page.clock.runFor(2000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();
  expect(consoleErrors).toEqual(['Results opened without valid quiz data; redirecting to the start.']);
  consoleErrors.length = 0;
});

test('without quiz data the redirect comes after exactly 2 s', async ({ page, consoleErrors }) => {
  await openResultsOnFakeClock(page, undefined);
  await expect(page.getByText('Please take the quiz first. Redirecting...')).toBeVisible();
  await page.clock.runFor(1999);
  await expect(page).toHaveURL(/\/results$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/$/);
  consoleErrors.length = 0;
});

for (const [name, state] of [
  ['an empty list', { coreDrivers: [] }],
  ['eight drivers', { coreDrivers: coreDriversState('111222333').coreDrivers.slice(1) }],
  ['a rating of 7', { coreDrivers: coreDriversState('111222333').coreDrivers.map((d) => ({ ...d, rating: 7 })) }],
  ['an id twice', { coreDrivers: coreDriversState('111222333').coreDrivers.map((d) => ({ ...d, id: 1 })) }],
] as const) {
  test(`tampered state (${name}) is treated as missing, and Back does not return to /results`, async ({ page, consoleErrors }) => {
    await page.clock.install();
    await openResultsWithState(page, state);
    await expect(page.getByText('Please take the quiz first. Redirecting...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Core Driver Profile' })).toHaveCount(0);
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();
    expect(consoleErrors.length).toBeGreaterThan(0);
    consoleErrors.length = 0;
  });
}

test('an invalid e-mail gets the Invalid email toast and nothing is submitted', async ({ page }) => {
  const leadRequests = collectLeadRequests(page);
  await openAtGate(page, '131223312');
  await page.getByLabel('Email').fill('sam.example.com');
  await page.getByLabel('First name').fill('Sam');
  await submitButton(page).click();
  const invalidEmail = await toast(page, 'Invalid email');
  await expect(invalidEmail).toContainText('Please enter a valid email address.');
  await expect(invalidEmail).toHaveAttribute('data-type', 'error');
  await expect(submitButton(page)).toHaveText('Show Me My Insights');
  await page.clock.runFor(3000);
  await expect(gateHeading(page)).toBeVisible();
  expect(leadRequests).toEqual([]);
});

test('the gate fields carry their types and autofill hints', async ({ page }) => {
  await openAtGate(page, '131223312');
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await expect(email).toHaveAttribute('placeholder', 'you@example.com');
  await expect(email).toHaveAttribute('required');
  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveAttribute('autocomplete', 'given-name');
  await expect(firstName).toHaveAttribute('required');
  await expect(page.getByText('We respect your inbox. No spam, ever.')).toBeVisible();
  for (const benefit of ['action steps', 'strengths', 'compensatory pattern']) {
    await expect(page.getByRole('listitem').filter({ hasText: benefit })).toBeVisible();
  }
});

// The results chunk is prefetched once the landing page is idle (src/main.tsx); before that it must
// not load. e2e/budgets.spec.ts checks the whole first load by module.
test('the landing page loads neither the results code nor the toasts before it is idle', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, prefetchMark);
  const beforeIdle = await page.evaluate((mark) => {
    const idle = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < idle)
      .map((entry) => entry.name);
  }, prefetchMark);
  expect(beforeIdle.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0);
  expect(beforeIdle.filter((url) => /results-page/.test(url))).toEqual([]);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(0);
});

test('an empty first name gets a clear message and nothing is submitted', async ({ page }) => {
  await openAtGate(page, '131223312');
  await page.getByLabel('Email').fill('sam@example.com');
  await submitButton(page).click();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Please enter your first name.');
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(submitButton(page)).toHaveText('Show Me My Insights');
});

test('submitting shows Analyzing... for 1.5 s, submits once, then unlocks with confetti, a toast and the insights', async ({ page }) => {
  const leadRequests = collectLeadRequests(page);
  await openAtGate(page, '131223312');
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByLabel('First name').fill('Sam');
  await submitButton(page).dblclick();
  await page.getByLabel('First name').press('Enter');
  await expect(submitButton(page)).toHaveText('Analyzing...');
  await expect(submitButton(page)).toBeDisabled();
  await page.clock.runFor(1499);
  await expect(submitButton(page)).toHaveText('Analyzing...');
  await page.clock.runFor(1);

  await expect(insightsHeading(page)).toBeVisible();
  await expect(gateHeading(page)).toHaveCount(0);
  await expect(submitButton(page)).toHaveCount(0);
  const success = await toast(page, 'Success!');
  await expect(success).toContainText('Scroll down to see your personalized insights.');
  await expect(page.locator('body > canvas')).toHaveCount(1);
  expect(leadRequests).toEqual(['POST']);

  await expect(page.getByRole('heading', { name: 'Your Biggest Challenges' })).toBeVisible();
  // One tip to start with (Emotional Regulation's); Impulse Control's is one tap away (issue 34).
  await expect(page.getByText(/Name the feeling out loud/)).toBeVisible();
  await expect(page.getByText(/Try the STOP method/)).toBeHidden();
  await page.getByRole('button', { name: 'Show 2 more tips' }).click();
  await expect(page.getByText(/Try the STOP method/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Hidden Strengths' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Unique Pattern' })).toBeVisible();
  await expect(page.getByText('You have 3 strong drivers and 3 drivers that need support.', { exact: false })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Now what?' })).toBeVisible();
  const course = page.getByRole('link', { name: /Show Me the Course/ });
  await expect(course).toHaveAttribute('target', '_blank');
  await expect(course).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(course).toHaveAttribute('href', /^https?:\/\//);
});

test('with nothing rated 1 or 3 both fallback headings show', async ({ page }) => {
  await openAtGate(page, '222222222');
  await unlock(page);
  await expect(page.getByRole('heading', { name: "You're Managing Pretty Well!" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Strengths Are Hiding' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Biggest Challenges' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your Hidden Strengths' })).toHaveCount(0);
  await expect(page.getByText('Everything is a “sometimes” for you.', { exact: false })).toBeVisible();
});

test('strong Emotional Regulation with weak drivers adds the holding-it-together note', async ({ page }) => {
  await openAtGate(page, '113122232');
  await unlock(page);
  await expect(page.getByText(/may be holding a lot together/)).toBeVisible();
  await expect(page.getByText(/task-jumping/)).toBeVisible();
});

test('a first name with markup is shown as text, and neither e-mail nor name reaches the console', async ({ page }) => {
  const messages = collectConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const name = '<img src=x onerror=alert(1)>';
  await openAtGate(page, '131223312');
  await unlock(page, 'private.person@example.com', name);
  await expect(page.getByText(`Thanks, ${name}.`)).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  const logged = messages.join('\n');
  expect(logged).not.toContain('private.person');
  expect(logged).not.toContain('onerror');
});

test('the course link opens the course in a new tab', async ({ page, context }) => {
  await context.route('https://example.com/**', (route) => route.fulfill({ body: 'course', contentType: 'text/plain' }));
  await openAtGate(page, '131223312');
  await unlock(page);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Show Me the Course/ }).click(),
  ]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/^https:\/\/example\.com\//);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
});

for (const width of [360, 1280]) {
  test(`no serious accessibility violation before and after unlock, and no sideways scroll, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openAtGate(page, '131223312');
    await page.getByRole('button', { name: /Working Memory/ }).click();
    // axe waits on timers of its own, so from here on time runs.
    await page.clock.resume();
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalScroll(page);
    await unlock(page);
    // The success toast is checked too, once it has faded in.
    await expect(page.locator('[data-sonner-toast]')).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalScroll(page);
  });
}

test('nothing on the page shifts as the results appear, flip and unlock (layout shift 0)', async ({ page }) => {
  // Only shifts inside the viewport count, so the viewport holds the whole page.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openAtGate(page, '131223312');
  await page.getByRole('button', { name: /Working Memory/ }).click();
  await page.clock.runFor(1000);
  await unlock(page);
  await page.clock.runFor(1000);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
});
