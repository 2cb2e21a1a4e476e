/**
 * The quiz on a coach's site (e2e/host-pages.ts serves it on 127.0.0.2, allowed by EMBED_ORIGINS,
 * and on 127.0.0.3, not allowed; the quiz itself is on 127.0.0.1): the inline frame that takes its
 * content's height at every step, the popup dialog and its focus, the progress messages and who
 * hears them, and who may frame the quiz at all.
 */
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { funnelSteps } from '../src/shared/funnel';
import { hostOrigins } from './embed-origins';
import { expect, settleAnimations, test as base } from './fixtures';
import { answerButton } from './answers';

const port = Number(process.env.E2E_PORT ?? 4173);
const quizOrigin = `http://127.0.0.1:${port}`;
const sites = hostOrigins(port);

// The coach's page and the quiz are two origins by design: requests to either are expected here.
// (An override keeps the fixture automatic.)
const test = base.extend({
  foreignRequests: async ({ page }, use) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && ![quizOrigin, sites.allowed, sites.notAllowed].includes(url.origin)) foreign.push(request.url());
    });
    await use(foreign);
    expect(foreign, 'requests to an origin other than the quiz and the coach’s sites').toEqual([]);
  },
});

type Received = { origin: string; data: { source?: string; type?: string; step?: string; height?: number } };

/** Our messages the coach's page received, in order. */
async function receivedMessages(page: Page): Promise<Received[]> {
  const all = await page.evaluate(() => (window as unknown as { received: Received[] }).received);
  return all.filter((message) => message.data?.source === 'core-drivers');
}

async function progressSteps(page: Page): Promise<string[]> {
  return (await receivedMessages(page)).filter((message) => message.data.type === 'progress').map((message) => String(message.data.step));
}

/**
 * The frame is exactly as tall as the page inside it: nothing hidden below (the inner page never
 * scrolls) and no empty space (the frame shrinks too). Waits for the resize to arrive.
 */
async function expectFrameFitsContent(page: Page, quiz: FrameLocator) {
  await expect
    .poll(async () => {
      const frameHeight = await page.locator('[data-core-drivers] iframe').evaluate((iframe) => iframe.getBoundingClientRect().height);
      const inner = await quiz.locator('html').evaluate((html) => ({
        content: Math.ceil(html.getBoundingClientRect().height),
        scrollHeight: html.scrollHeight,
        viewport: window.innerHeight,
        scrollbar: window.innerWidth - html.clientWidth,
      }));
      return {
        noInnerScroll: inner.scrollHeight <= inner.viewport && inner.scrollbar === 0,
        heightMatches: Math.abs(frameHeight - inner.content) <= 1 && inner.viewport === Math.round(frameHeight),
      };
    })
    .toEqual({ noInnerScroll: true, heightMatches: true });
}

test('inline, the frame takes its content’s height at every step up to the unlocked insights, and the host hears each step once, in order', async ({
  page,
}) => {
  await page.goto(`${sites.allowed}/inline?utm_source=newsletter&utm_campaign=spring&ref=ignored`);
  const iframe = page.locator('[data-core-drivers] iframe');
  const src = new URL((await iframe.getAttribute('src')) ?? '');
  expect(src.origin).toBe(quizOrigin);
  expect(Object.fromEntries(src.searchParams)).toEqual({
    embed: 'inline',
    host: sites.allowed,
    utm_source: 'newsletter',
    utm_campaign: 'spring',
  });
  await expect(iframe).toHaveAccessibleName('Core Drivers quiz');

  const quiz = page.frameLocator('[data-core-drivers] iframe');
  await expect(quiz.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();
  await expectFrameFitsContent(page, quiz);
  const frameHeight = () => iframe.evaluate((element) => element.getBoundingClientRect().height);

  // It shrinks as well as grows: on a wider page the landing needs less height, and the frame follows.
  const onPhone = await frameHeight();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectFrameFitsContent(page, quiz);
  expect(await frameHeight()).toBeLessThan(onPhone - 100);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFrameFitsContent(page, quiz);
  expect(await frameHeight()).toBe(onPhone);

  await quiz.getByRole('link', { name: 'Start Your Discovery' }).click();
  const ratings = [1, 2, 3, 1, 1, 2, 3, 3, 2] as const;
  for (const [index, rating] of ratings.entries()) {
    await expect(quiz.getByRole('heading', { name: coreDrivers[index]?.name })).toBeVisible();
    await expectFrameFitsContent(page, quiz);
    await answerButton(quiz, rating).click();
    await quiz.getByRole('button', { name: index === ratings.length - 1 ? 'See My Results' : /^Next/ }).click();
  }

  // The results timeline: cards, then the legend, then the gate; the frame follows each.
  await expect(quiz.getByRole('heading', { level: 1, name: 'Your Core Driver Profile' })).toBeVisible();
  await expectFrameFitsContent(page, quiz);
  await expect(quiz.getByRole('heading', { name: 'Want to Know What This Means?' })).toBeVisible();
  await expectFrameFitsContent(page, quiz);

  // A toast shows on the visible part of the tall frame, not at its top, far above the visitor.
  await quiz.getByLabel('First name').fill('Embed');
  await quiz.getByRole('button', { name: 'Show Me My Insights' }).click();
  const toast = quiz.locator('[data-sonner-toast]', { hasText: 'Invalid email' });
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 740;
    }, 'the toast is on the screen')
    .toBe(true);

  await quiz.getByLabel('Email').fill(`embed-${Date.now()}@example.com`);
  await quiz.getByLabel('First name').fill('Embed');
  await quiz.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(quiz.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  await expectFrameFitsContent(page, quiz);

  // Nothing that could follow the visitor was stored: no cookie, nothing in local storage. The tab's
  // session storage holds at most its unlock memory (src/lib/results-memory.ts), the nine ratings
  // alone, where the browser lets a frame keep any: the full Chromium denies this frame its storage,
  // the headless shell the tests drive allows it. Either way the quiz worked the same.
  expect(await page.context().cookies()).toEqual([]);
  const stored = await quiz.locator('html').evaluate(() => {
    const entries = (storage: () => Storage): Record<string, string | null> => {
      try {
        const kept = storage();
        return Object.fromEntries(Object.keys(kept).map((key) => [key, kept.getItem(key)]));
      } catch {
        return {};
      }
    };
    return { cookie: document.cookie, local: entries(() => localStorage), session: entries(() => sessionStorage) };
  });
  expect(stored.cookie).toBe('');
  expect(stored.local).toEqual({});
  expect([{}, { 'core-drivers:unlocked': ratings.join('') }]).toContainEqual(stored.session);

  // Settled: no more resizes come (no loop of the frame and its content resizing each other).
  await settleAnimations(page);
  const resizes = async () => (await receivedMessages(page)).filter((message) => message.data.type === 'resize').length;
  const settled = await resizes();
  await page.waitForTimeout(1000);
  expect(await resizes()).toBe(settled);

  // Show Me the Course opens a new tab, outside the frame; the frame and the host page stay.
  const course = quiz.getByRole('link', { name: /Show Me the Course/ });
  const courseUrl = (await course.getAttribute('href')) ?? '';
  await page.context().route(courseUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Course</title>' }));
  const newTab = page.context().waitForEvent('page');
  await course.click();
  expect((await newTab).url()).toBe(courseUrl);
  expect(page.url()).toBe(`${sites.allowed}/inline?utm_source=newsletter&utm_campaign=spring&ref=ignored`);
  await expect(quiz.getByRole('heading', { level: 1, name: 'Your Core Driver Profile' })).toBeVisible();

  const expectedSteps = [...funnelSteps];
  await expect.poll(() => progressSteps(page)).toEqual(expectedSteps);
  const received = await receivedMessages(page);
  expect(new Set(received.map((message) => message.origin))).toEqual(new Set([quizOrigin]));
  // Nothing personal travels: only these keys, never the e-mail or name typed into the gate.
  for (const { data } of received) {
    expect(Object.keys(data).sort()).toEqual(data.type === 'progress' ? ['source', 'step', 'type'] : ['height', 'source', 'type']);
  }
  // The embed script re-announces each step as an event on its placeholder.
  expect(await page.evaluate(() => (window as unknown as { progress: string[] }).progress)).toEqual(expectedSteps);
});

test('inline, a new screen that starts above the visible part of the page is brought into view', async ({ page }) => {
  await page.goto(`${sites.allowed}/inline`);
  const iframe = page.locator('[data-core-drivers] iframe');
  const quiz = page.frameLocator('[data-core-drivers] iframe');
  const start = quiz.getByRole('link', { name: 'Start Your Discovery' });
  await expect(start).toBeVisible();
  await expectFrameFitsContent(page, quiz);
  // Scrolled so that the button is on screen but the top of the frame is not.
  await start.evaluate((link) => link.scrollIntoView({ block: 'start' }));
  expect(await iframe.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(-100);
  await start.click();
  await expect(quiz.getByRole('heading', { name: coreDrivers[0]?.name })).toBeVisible();
  // The frame's top (the new screen's start) is on screen: at the top of the window, or lower when
  // the page has become too short to scroll that far (the new screen, or the frame while the next
  // screen loads, can be shorter than the last one).
  await expect
    .poll(() => iframe.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(0);
  const { top, viewport } = await iframe.evaluate((element) => ({ top: element.getBoundingClientRect().top, viewport: innerHeight }));
  expect(top).toBeLessThan(viewport / 2);
  await expect(quiz.getByRole('heading', { name: coreDrivers[0]?.name })).toBeVisible();
});

test('the popup opens a dialog that holds focus, closes on Escape from the page or from inside the quiz, and gives focus back', async ({
  page,
}) => {
  await page.goto(`${sites.allowed}/popup`);
  const button = page.getByRole('button', { name: 'Take the quiz' });
  const dialog = page.getByRole('dialog', { name: 'Core Drivers quiz' });
  await expect(dialog).toBeHidden();
  // Nothing of the quiz loads (or counts a visit) until the visitor asks for it.
  expect(await page.locator('[data-core-drivers] iframe').getAttribute('src')).toBeNull();

  await button.click();
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Close the quiz' });
  await expect(close).toBeFocused();
  const quiz = page.frameLocator('[data-core-drivers] iframe');
  await expect(quiz.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();

  // Tab and Shift+Tab go round the dialog (its close button and the quiz) and never reach the page.
  const focusInDialog = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active.closest('dialog') !== null;
    });
  let reachedQuiz = false;
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(), `focus after Tab ${press + 1}`).toBe(true);
    if (await quiz.locator('a:focus, button:focus').count()) reachedQuiz = true;
  }
  expect(reachedQuiz, 'Tab reaches the quiz inside the dialog').toBe(true);
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(quiz.getByRole('link', { name: 'Start Your Discovery' })).toBeFocused();
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(), `focus after Shift+Tab ${press + 1}`).toBe(true);
  }

  await close.focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Inside the quiz (a page of another origin) Escape reaches the dialog through the frame's message.
  await button.click();
  await expect(dialog).toBeVisible();
  await quiz.getByRole('link', { name: 'Start Your Discovery' }).click();
  await expect(quiz.getByRole('heading', { name: coreDrivers[0]?.name })).toBeVisible();
  await quiz.getByRole('button', { name: /^This is me/ }).focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Closing keeps the visitor's place.
  await button.click();
  await expect(quiz.getByRole('heading', { name: coreDrivers[0]?.name })).toBeVisible();
  await expect.poll(() => progressSteps(page)).toEqual(['landing', 'quiz_started', 'question_1']);
});

test('axe finds nothing in the open popup, quiz included, at 360 and 1280 px', async ({ page }) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto(`${sites.allowed}/popup`);
    await page.getByRole('button', { name: 'Take the quiz' }).click();
    await expect(page.frameLocator('[data-core-drivers] iframe').getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();
    await settleAnimations(page);
    const results = await new AxeBuilder({ page })
      .include('dialog')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('a site not in EMBED_ORIGINS cannot frame the quiz, and hears nothing from it', async ({ page, consoleErrors }) => {
  const refused = page.waitForEvent('console', (message) => message.text().includes('frame-ancestors'));
  await page.goto(`${sites.notAllowed}/inline`);
  await refused;
  expect(consoleErrors).toEqual([expect.stringContaining(`Framing '${quizOrigin}/' violates the following Content Security Policy directive: "frame-ancestors`)]);
  consoleErrors.length = 0;
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame?.url()).not.toContain(quizOrigin);
  await expect(page.frameLocator('[data-core-drivers] iframe').getByRole('heading', { name: 'Discover Your Core Drivers' })).toHaveCount(0);
  expect(await receivedMessages(page)).toEqual([]);
});

test('inside a frame, the results’ redirect home without quiz data stays in the frame', async ({ page, consoleErrors }) => {
  await page.goto(`${sites.allowed}/frame?path=/results`);
  const quiz = page.frameLocator('iframe');
  await expect(quiz.getByText('Please take the quiz first. Redirecting...')).toBeVisible();
  await expect(quiz.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();
  expect(page.url()).toBe(`${sites.allowed}/frame?path=/results`);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(new URL(frame?.url() ?? '').pathname).toBe('/');
  expect(consoleErrors).toEqual(['Results opened without valid quiz data; redirecting to the start.']);
  consoleErrors.length = 0;
});

test('in a frame 660 px wide, the nine cards sit three to a row: none alone on a row', async ({ page }) => {
  // The coach's page is 692 px wide; its column (16 px padding each side) gives the frame 660 px.
  await page.setViewportSize({ width: 692, height: 800 });
  await page.goto(`${sites.allowed}/inline`);
  const quiz = page.frameLocator('[data-core-drivers] iframe');
  expect(await page.locator('[data-core-drivers] iframe').evaluate((iframe) => iframe.getBoundingClientRect().width)).toBe(660);
  await quiz.getByRole('link', { name: 'Start Your Discovery' }).click();
  for (const [index, rating] of ([1, 2, 3, 1, 2, 3, 1, 2, 3] as const).entries()) {
    await expect(quiz.getByRole('heading', { name: coreDrivers[index]?.name })).toBeVisible();
    await answerButton(quiz, rating).click();
    await quiz.getByRole('button', { name: index === 8 ? 'See My Results' : /^Next/ }).click();
  }
  const cards = quiz.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('listitem');
  await expect(cards).toHaveCount(9);
  await expect(quiz.getByRole('heading', { name: 'Want to Know What This Means?' })).toBeVisible();
  await settleAnimations(page);
  const tops = await cards.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  const perRow = [...new Set(tops)].map((top) => tops.filter((other) => other === top).length);
  expect(perRow).toEqual([3, 3, 3]);
});
