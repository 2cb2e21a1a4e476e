/**
 * An honest gate with consent the coach can prove, end to end: a server with the marketing-consent
 * box on and a privacy policy set (started here, on any free port, from the build the test run made),
 * a visitor who ticks the box, and the coach's `npm run leads -- export` showing what they saw and
 * chose. The default (box off) is checked against the main test server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/coach/password';
import { loadConfig } from '../server/config';
import { resultsCopy } from '../src/content/results';
import { expectNoAxeViolations } from './axe';
import { expectApiRefusals } from './coach-a11y';
import { expect, test as base } from './fixtures';
import { exportLeads } from './lead-export';
import { coreDriversState, openResultsWithState } from './results-state';

const privacyUrl = 'https://coach.example/privacy';
const boxText = 'Yes, email me tips and news about the course.';

type ConsentServer = { url: string; dataDir: string; setCoachPassword: (password: string) => Promise<void> };

const withConsentBox = base.extend<{ consentServer: ConsentServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  consentServer: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-e2e-consent-'));
    const app = await buildApp({
      ...loadConfig({}),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      logLevel: 'silent',
      environmentSettings: { privacyUrl, consentCheckbox: true, consentText: boxText },
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // Cheap scrypt parameters: the dashboard's password for this server only.
    const setCoachPassword = async (password: string) =>
      app.storage.sessions.storePasswordHash(await hashPassword(password, { log2N: 10, r: 8, p: 1 }), Date.now());
    await use({ url, dataDir, setCoachPassword });
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  // The page's own origin is this server's: the fixtures' "no foreign request" check follows it.
  baseURL: async ({ consentServer }, use) => use(consentServer.url),
});

async function fillGate(page: Page, email: string) {
  // Exact: the box's own label says "email" too.
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name').fill('Connie');
}

base('by default the gate says what happens to the address and shows no consent box', async ({ page }) => {
  await openResultsWithState(page, coreDriversState('123123123'));
  await expect(page.getByText(resultsCopy.gate.notice)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Privacy policy/ })).toHaveCount(0);
});

withConsentBox(
  'with CONSENT_CHECKBOX on: an unticked box, a privacy link, and the record in the coach’s export',
  async ({ page, consentServer }) => {
    await openResultsWithState(page, coreDriversState('113122232'));
    const box = page.getByRole('checkbox', { name: boxText });
    await expect(box).not.toBeChecked();
    const privacy = page.getByRole('link', { name: /Privacy policy/ });
    await expect(privacy).toHaveAttribute('href', privacyUrl);
    await expect(privacy).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page, 'the gate with the consent box and the privacy link');

    // Left unticked, the insights open all the same.
    const unticked = `unticked-${Date.now()}@example.com`;
    await fillGate(page, unticked);
    await page.getByRole('button', { name: 'Show Me My Insights' }).click();
    await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();

    // A second visitor, in a tab of their own (this one keeps its unlock), ticks it.
    const second = await page.context().newPage();
    await openResultsWithState(second, coreDriversState('113122232'));
    const ticked = `ticked-${Date.now()}@example.com`;
    await fillGate(second, ticked);
    await second.getByRole('checkbox', { name: boxText }).check();
    await second.getByRole('button', { name: 'Show Me My Insights' }).click();
    await expect(second.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();

    const leads = exportLeads(consentServer.dataDir);
    const row = (email: string) => leads.find((lead) => lead.email === email);
    expect(row(ticked)?.marketing_consent).toBe('yes');
    expect(row(unticked)?.marketing_consent).toBe('no');
    for (const email of [ticked, unticked]) {
      expect(row(email)?.consent_version).toMatch(/^[0-9a-f]{16}$/);
      // The exact wording shown: the notice, the privacy link and the box's text, with the time.
      expect(row(email)?.consent_wording).toContain(resultsCopy.gate.notice);
      expect(row(email)?.consent_wording).toContain(privacyUrl);
      expect(row(email)?.consent_wording).toContain(boxText);
      expect(row(email)?.consent_recorded_utc).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    }
  },
);

withConsentBox('the coach finds the consent a visitor gave on the lead’s detail in the dashboard', async ({ page, consentServer, consoleErrors }) => {
  await openResultsWithState(page, coreDriversState('321213132'));
  const email = `consent-detail-${Date.now()}@example.com`;
  await fillGate(page, email);
  await page.getByRole('checkbox', { name: boxText }).check();
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();

  const password = 'the consent test password';
  await consentServer.setCoachPassword(password);
  await page.goto('/coach');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByLabel('Search by e-mail or first name').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  // The whole row is a link to the lead's own address (/coach/leads/<id>).
  await page.getByRole('link', { name: /^Connie / }).click();
  await expect(page.getByText(email)).toBeVisible();

  const consent = page.getByRole('definition');
  await expect(consent.filter({ hasText: resultsCopy.gate.notice })).toBeVisible();
  await expect(consent.filter({ hasText: `Privacy policy: ${privacyUrl}` })).toBeVisible();
  await expect(consent.filter({ hasText: boxText })).toBeVisible();
  await expect(consent.filter({ hasText: /^[0-9a-f]{16}$/ })).toBeVisible();
  await expect(consent.filter({ hasText: 'Agreed (box ticked)' })).toBeVisible();
  await expect(page.getByText('No consent record')).toHaveCount(0);
  // The dashboard asked who is signed in before the sign-in: its one expected refusal.
  await expectApiRefusals(consoleErrors, [401]);
});
