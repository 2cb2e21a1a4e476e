/**
 * The results e-mail's HTML part in Chromium, at a phone's 360 px, in light and dark mode: axe finds
 * nothing, nothing scrolls sideways, and dark mode really changes the colours. The e-mail is rendered
 * by the server's own code (server/mail/), as the outbox renders it; e2e/profile-mail.spec.ts checks
 * the one a real server sends.
 */
import { resultsEmailHtml } from '../server/mail/results-email';
import { resultsEmail } from '../server/mail/results-email-model';
import { resultsEmailText } from '../server/mail/results-email-text';
import type { Rating } from '../src/shared/constants';
import type { MarketingState } from '../src/shared/marketing';
import { expectNoAxeViolations } from './axe';
import { expect, expectNoHorizontalScroll, test } from './fixtures';

const ratings = (digits: string) => [...digits].map(Number) as Rating[];

function model(marketing: MarketingState, digits: string) {
  const now = Date.parse('2026-03-03T10:00:00Z');
  return resultsEmail({
    firstName: 'Ana',
    ratings: ratings(digits),
    submittedAt: now,
    previous: { ratings: ratings('111121111'), at: Date.parse('2026-01-03T10:00:00Z') },
    links: { profile: 'https://quiz.example/profile#token', confirm: 'https://quiz.example/confirm#token' },
    profileLinkDays: 90,
    marketing,
    courseUrl: 'https://coach.example/course',
    coachName: 'Sam Rivera',
    helpLine: { text: 'Book a free call with me', url: 'https://coach.example/call' },
    siteHost: 'quiz.example',
    timeZone: 'UTC',
    now,
  });
}

const html = (marketing: MarketingState, digits: string) => resultsEmailHtml(model(marketing, digits));

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the e-mail at 360 px in ${colorScheme} mode passes axe and fits the screen`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    // The e-mail with everything it can hold: changes, tips, strengths, notes, the care line, the confirm button...
    await page.setContent(await html('pending', '111113313'));
    await expectNoAxeViolations(page, `results e-mail, ${colorScheme}, with the confirm button`);
    await expectNoHorizontalScroll(page);
    // ...and with the course pitch instead.
    await page.setContent(await html('confirmed', '333331112'));
    await expectNoAxeViolations(page, `results e-mail, ${colorScheme}, with the course`);
    await expectNoHorizontalScroll(page);
    const pageColour = colorScheme === 'dark' ? 'rgb(15, 26, 28)' : 'rgb(243, 241, 234)';
    const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    expect(background).toBe(pageColour);
    // What shows above the card is the page's colour too (in dark mode a light strip framed the
    // dark card: the cell react-email wraps the e-mail in kept its light colour), 8 px on a phone.
    const above = await page.evaluate(() => getComputedStyle(document.elementFromPoint(180, 4) ?? document.body).backgroundColor);
    expect(above).toBe(pageColour);
    expect((await page.locator('.card').first().boundingBox())?.y).toBe(8);
  });
}

/**
 * The e-mail's height at 360 px before issue 34, measured in this same way for each of these
 * profiles (3.4-3.8k px): it must now be shorter by a third.
 */
const heightBefore: [MarketingState, string, number][] = [
  ['pending', '111113313', 3776],
  ['confirmed', '333331112', 3639],
  ['no_box', '123123123', 3375],
  ['pending', '111111111', 3674],
];

test('at 360 px the e-mail is shorter by a third than it was, with one heading per part', async ({ page }) => {
  for (const [marketing, digits, before] of heightBefore) {
    await page.setContent(await html(marketing, digits));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    test.info().annotations.push({ type: `e-mail ${digits} (${marketing}) at 360 px`, description: `${height} px, was ${before} px` });
    expect(height, `${digits} (${marketing})`).toBeLessThanOrEqual(Math.floor((before * 2) / 3));
    const headings = await page.getByRole('heading').allTextContents();
    expect(new Set(headings).size, `headings ${headings.join(' | ')}`).toBe(headings.length);
  }
});

test('the plain-text part on a 320 px phone: the rule above the footer fits on one line of the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // As a phone's mail app shows a plain-text e-mail: a proportional font at 17 px (iOS Mail's body
  // size), 16 px margins, lines wrapped to the screen.
  const text = resultsEmailText(model('pending', '111113313'));
  await page.setContent('<body style="margin: 0; padding: 16px; font: 17px/1.4 Arial, sans-serif"><div style="white-space: pre-wrap"></div></body>');
  await page.locator('div').evaluate((block, content) => (block.textContent = content), text);
  const rule = /^—+$/m.exec(text)?.[0];
  expect(rule, 'a rule above the footer').toBeDefined();
  // A run of dashes has no place to break: too long, it sticks out sideways (or, in an app that breaks
  // long words, spills onto a second line).
  const fit = await page.locator('div').evaluate((block, ruleText) => {
    const node = block.firstChild;
    const start = node?.textContent?.indexOf(ruleText) ?? -1;
    if (!node || start < 0) return null;
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + ruleText.length);
    return { width: Math.ceil(range.getBoundingClientRect().width), room: block.clientWidth };
  }, rule ?? '');
  expect(fit).not.toBeNull();
  expect(fit?.width).toBeLessThanOrEqual(fit?.room ?? 0);
});
