/**
 * The visitor keeps their profile, end to end in Chromium: a server with mail on (started here from
 * the build the test run made, with a real SMTP server on loopback), a visitor who unlocks their
 * insights with the marketing box ticked, the results e-mail that arrives, its private link opening
 * the profile page, the page's printout (page.pdf, A4 and Letter: at most two pages, every driver's
 * name and rating in words), and the confirm page, which needs a press.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { consentVersion, consentWording } from '../server/leads/consent';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../server/test/smtp-sink';
import { coreDrivers } from '../src/content/drivers';
import { resultsCopy } from '../src/content/results';
import { expectNoAxeViolations } from './axe';
import { expect, expectNoHorizontalScroll, ownConnection, test as base } from './fixtures';
import { pdfPages } from './pdf-text';
import type { ProfileResponse } from '../src/shared/profile-api';
import { coreDriversState, openResultsWithState } from './results-state';

/**
 * The mail server's address, known before it starts (its links point there): a loopback address of
 * its own on the run's port (127.0.0.2-4 are the embed tests'), one per test that uses it, so the
 * two run side by side.
 */
const mailServerUrl = (host: string) => `http://${host}:${process.env.E2E_PORT ?? 4173}`;
const boxText = 'Yes, email me tips and news about the course.';

type MailServer = { url: string; sink: SmtpSink };

const test = base.extend<{ mailHost: string; mailServer: MailServer }>({
  mailHost: ['127.0.0.5', { option: true }],
  mailServer: async ({ mailHost }, use) => {
    const publicUrl = mailServerUrl(mailHost);
    const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-e2e-mail-'));
    const sink = await startSmtpSink();
    const { hostname, port } = new URL(publicUrl);
    const app = await buildApp({
      ...loadConfig({}),
      host: hostname,
      port: Number(port),
      dataDir,
      logLevel: 'silent',
      publicUrl,
      environmentSettings: { consentCheckbox: true, consentText: boxText, smtpUrl: sink.url, mailFrom: 'Sam Rivera <coach@coach.example>' },
    });
    await app.listen({ host: hostname, port: Number(port) });
    await use({ url: publicUrl, sink });
    await app.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ mailServer }, use) => use(mailServer.url),
});

/** A link of the e-mail's plain-text part (a confirm link carries the profile's token after its own). */
function linkIn(mail: ReceivedMail, path: '/profile' | '/confirm'): string {
  const link = new RegExp(`http://[0-9.:]+${path}#[A-Za-z0-9_-]{43}(\\.[A-Za-z0-9_-]{43})?`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${path} link in the e-mail`);
  return link;
}

/** The browser's console line for an API answer of this status (a dead link is answered 404). */
function takeRefusals(consoleErrors: string[], status: number): number {
  const line = `the server responded with a status of ${status}`;
  const count = consoleErrors.filter((error) => error.includes(line)).length;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes(line)));
  return count;
}

async function unlock(page: Page, email: string, ratings: string) {
  await openResultsWithState(page, coreDriversState(ratings));
  await expect(page.getByText(`${resultsCopy.gate.notice} ${resultsCopy.gate.mailNotice}`)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name').fill('Ana');
  await page.getByRole('checkbox', { name: boxText }).check();
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  // The gate is gone: the page says where the profile went, and that the box ticked is confirmed from that e-mail.
  const { sent, confirm } = resultsCopy.insights.mail;
  await expect(page.getByText(`${sent} ${confirm}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
}

test('the e-mail arrives; its link opens the profile, which prints on at most two pages; the confirm link needs a press', async ({ page, mailServer, consoleErrors }) => {
  // Two printouts and five states checked with axe: more than the default 30 s on a busy machine.
  test.slow();
  const email = `keeps-${Date.now()}@example.com`;
  // The most text a profile can hold: six tips, two strengths, both notes, the care line.
  await unlock(page, email, '111113313');
  // A reload (a phone switching apps) still says where the profile went, and what to confirm: the line was gone.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  await expect(page.getByText(`${resultsCopy.insights.mail.sent} ${resultsCopy.insights.mail.confirm}`)).toBeVisible();
  const [mail] = await mailServer.sink.waitFor(1);
  if (!mail) throw new Error('no e-mail');
  expect(mail.envelopeTo).toEqual([email]);

  // The private page: its headers, the profile as the results page showed it, no gate.
  const profileUrl = linkIn(mail, '/profile');
  const response = await page.goto(profileUrl);
  expect(response?.headers()).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('heading', { level: 1, name: resultsCopy.profile.title })).toBeVisible();
  const cards = page.getByRole('list', { name: resultsCopy.profile.title });
  await expect(cards.getByRole('listitem')).toHaveCount(9);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  // Not confirmed yet: no course pitch.
  await expect(page.getByRole('link', { name: /Show Me the Course/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the profile page');
  await expectNoHorizontalScroll(page);

  for (const format of ['A4', 'Letter'] as const) {
    const pages = await pdfPages(await page.pdf({ format }));
    expect(pages.length, `${format} pages`).toBeLessThanOrEqual(2);
    const text = pages.join(' ');
    // Each driver's card, as text (not a picture of it): its name, then its rating in words.
    coreDrivers.forEach((driver, index) => {
      const rating = Number('111113313'[index]) as 1 | 2 | 3;
      expect(text, `${format}: ${driver.shortName}`).toContain(`${driver.shortName} ${resultsCopy.ratingLabels[rating]}`);
    });
    expect(text).toContain(resultsCopy.insights.pattern.title);
    expect(text).toContain('Take the quiz again at');
    expect(text).not.toContain('Print or save as PDF');
  }

  // "See all your tips" opens the profile at its tips, all six shown, the focus on their heading.
  const tipsUrl = /See all your tips:\n(http\S+)/.exec(mail.text ?? '')?.[1];
  expect(tipsUrl).toBe(profileUrl.replace('#', '?open=tips#'));
  await page.goto(tipsUrl ?? '');
  const tips = page.getByRole('heading', { level: 3, name: resultsCopy.insights.challenges.title });
  await expect(tips).toBeFocused();
  await expect(tips).toBeInViewport();
  await expect(page.getByRole('button', { name: resultsCopy.insights.challenges.fewerTips })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { level: 3, name: resultsCopy.insights.challenges.title }).locator('xpath=..').getByRole('heading', { level: 4 })).toHaveCount(6);

  // The confirm page: opening it changes nothing; the press does, once.
  await page.goto(linkIn(mail, '/confirm'));
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the confirm page');
  await page.getByRole('button', { name: 'Yes, send me tips and news' }).click();
  await expectConfirmedWithWaysOn(page, profileUrl, 'the confirm page, done');

  // Confirmed: the profile now shows the course.
  await page.goto(profileUrl);
  await expect(page.getByRole('link', { name: /Show Me the Course/ })).toBeVisible();

  // The confirm link works once; pressed again, it tells the confirmed person so, with the same ways on.
  await page.goto(linkIn(mail, '/confirm'));
  await page.getByRole('button', { name: 'Yes, send me tips and news' }).click();
  await expectConfirmedWithWaysOn(page, profileUrl, 'a used confirm link');
  await expect(page.getByText('This link no longer works')).toHaveCount(0);
  expect(takeRefusals(consoleErrors, 404)).toBe(0);
  await page.getByRole('link', { name: 'Open your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: resultsCopy.profile.title })).toBeVisible();
});

test.describe(() => {
  test.use({ mailHost: '127.0.0.6' });
  test('another e-mail’s link opened in the same tab shows that e-mail’s profile, and confirms that e-mail’s submission', async ({ page, mailServer }) => {
    // Two submissions with the box ticked, each with its own e-mail (two addresses: one results
    // e-mail an hour per address), sent straight to the API.
    const version = consentVersion(consentWording({ privacyUrl: null, consentCheckbox: true, consentText: boxText, mailOn: true }));
    const stamp = Date.now();
    for (const [email, firstName, ratings] of [
      [`first-${stamp}@example.com`, 'Ana', [1, 1, 1, 1, 1, 1, 1, 1, 1]],
      [`second-${stamp}@example.com`, 'Bo', [3, 3, 3, 3, 3, 3, 3, 3, 3]],
    ] as const) {
      const data = { email, firstName, ratings, consent: { version, marketing: true } };
      const response = await page.request.post('/api/leads', { headers: ownConnection, data });
      expect(response.status()).toBe(201);
    }
    const mails = await mailServer.sink.waitFor(2);
    const mailTo = (prefix: string) => {
      const mail = mails.find((received) => received.envelopeTo.some((to) => to.startsWith(prefix)));
      if (!mail) throw new Error(`no e-mail to ${prefix}`);
      return mail;
    };
    const [first, second] = [mailTo('first-'), mailTo('second-')];
    const cards = page.getByRole('list', { name: resultsCopy.profile.title });

    // The first e-mail's profile is open; the second's link goes to the same tab (only the fragment differs).
    await page.goto(linkIn(first, '/profile'));
    await expect(page.getByText(/Welcome back, Ana\./)).toBeVisible();
    await page.goto(linkIn(second, '/profile'));
    await expect(page.getByText(/Welcome back, Bo\./)).toBeVisible();
    await expect(cards.getByRole('button', { name: new RegExp(`, ${resultsCopy.ratingLabels[3]}$`) })).toHaveCount(9);

    // The same with the confirm links: the press confirms the submission of the link in the address bar.
    await page.goto(linkIn(first, '/confirm'));
    await expect(page.getByRole('button', { name: 'Yes, send me tips and news' })).toBeVisible();
    await page.goto(linkIn(second, '/confirm'));
    await page.getByRole('button', { name: 'Yes, send me tips and news' }).click();
    const secondProfile = new URL(linkIn(second, '/profile'));
    await expect(page.getByRole('link', { name: 'Open your profile' })).toHaveAttribute('href', secondProfile.pathname + secondProfile.hash);
    // The first e-mail's submission is still waiting for its own press.
    await page.goto(linkIn(first, '/profile'));
    await expect(page.getByText(/Welcome back, Ana\./)).toBeVisible();
    await expect(page.getByRole('link', { name: /Show Me the Course/ })).toHaveCount(0);
  });
});

/** The opt-in's done page: confirmed, and no dead end: the way to the profile of the same e-mail, and to the course (a new tab). */
async function expectConfirmedWithWaysOn(page: Page, profileUrl: string, state: string) {
  await expect(page.getByRole('heading', { name: 'Thank you, you are confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your profile' })).toHaveAttribute('href', new URL(profileUrl).pathname + new URL(profileUrl).hash);
  const course = page.getByRole('link', { name: /Show Me the Course/ });
  await expect(course).toHaveAttribute('target', '_blank');
  await expect(course).toHaveAttribute('href', /^https?:\/\//);
  await expectNoAxeViolations(page, state);
  await expectNoHorizontalScroll(page);
}

// On the run's main server (mail off): a dead link is dead with or without mail.
base('a link that does not work gets a kind page with a way to take the quiz again', async ({ page, consoleErrors }) => {
  await page.goto(`/profile#${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  expect(takeRefusals(consoleErrors, 404)).toBe(1);
  await expectNoAxeViolations(page, 'a dead profile link');
  await page.getByRole('link', { name: 'Take the quiz again' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
});

base('on a phone a date on the profile page is never split over two lines, whatever the name before it', async ({ page }) => {
  const profile = (firstName: string): ProfileResponse => ({
    firstName,
    ratings: [1, 1, 3, 2, 2, 1, 1, 3, 1],
    submittedAt: '2026-11-27T10:00:00.000Z',
    previous: { ratings: [1, 1, 3, 1, 2, 1, 1, 3, 1], submittedAt: '2026-09-30T10:00:00.000Z' },
    showCourse: false,
    coachName: null,
    linkExpiresAt: '2027-02-25T10:00:00.000Z',
  });
  // A line breaks at a different word for each length of the name before the date.
  const names = ['A', 'Al', 'Ana', 'Anna', 'Aniko', 'Ananya', 'Anabell', 'Anastasia', 'Anna-Lena', 'Anna-Maria', 'Annabelle-Jo', 'Anastasia-Mai'];
  for (const [index, firstName] of names.entries()) {
    await page.route('**/api/profile', (route) => route.fulfill({ json: profile(firstName) }));
    // A link of its own each time, opened afresh.
    await page.goto('/');
    await page.goto(`/profile#${'x'.repeat(42)}${index.toString(36)}`);
    await expect(page.getByText(`Welcome back, ${firstName}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What changed since last time' })).toBeVisible();
    const split = await page.evaluate(() => {
      const dates = /\d{1,2}\s(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\s\d{4})?/g;
      const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(dates)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) found.push(match[0]);
        }
      }
      return found;
    });
    expect(split, `dates split after "Welcome back, ${firstName}."`).toEqual([]);
    await page.unroute('**/api/profile');
  }
});
