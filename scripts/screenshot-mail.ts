/**
 * Screenshots of what the visitor keeps, for looking at by eye (run `npm run build` first):
 *   npx tsx scripts/screenshot-mail.ts OUT_DIR
 * Starts the built app with mail on (a local SMTP sink), unlocks a profile with the marketing box
 * ticked, then writes: the results e-mail at 360 px in light and dark mode (and at 700 px, light), the
 * profile page at 360 and 1280 px, the confirm page, a dead link's page, and the printout as PDF in A4
 * and Letter (and as PNG pages when poppler's pdftoppm is installed). A second submission of the
 * same address first, so the e-mail and the page show what changed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../e2e/browser';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { systemClock } from '../server/outbox/delivery-loop';
import { consentVersion, consentWording } from '../server/leads/consent';
import { startSmtpSink } from '../server/test/smtp-sink';

const outDir = process.argv[2] ?? 'shots';
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-shots-mail-'));
const sink = await startSmtpSink();
const port = 4252;
const boxText = 'Yes, email me tips and news about the course.';
const publicUrl = `http://127.0.0.1:${port}`;
const config = {
  ...loadConfig({}),
  host: '127.0.0.1',
  port,
  dataDir,
  logLevel: 'silent' as const,
  publicUrl,
  environmentSettings: { consentCheckbox: true, consentText: boxText, coachName: 'Sam Rivera', smtpUrl: sink.url, mailFrom: 'Sam Rivera <coach@coach.example>' },
};
// One results e-mail per address an hour (issue 28's cap): the earlier quiz is sent two hours
// "before" the new one by a clock that moves on between them, so both are mailed.
let shift = 0;
const clock = { ...systemClock, now: () => Date.now() + shift };
const app = await buildApp(config, { clock });
await app.listen({ host: '127.0.0.1', port });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  // An earlier quiz of the same person, sent straight to the API, so the new one shows what changed.
  const version = consentVersion(consentWording({ privacyUrl: null, consentCheckbox: true, consentText: boxText, mailOn: true }));
  const post = (ratings: number[], marketing: boolean) =>
    fetch(`${publicUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.org', firstName: 'Ana', ratings, consent: { version, marketing } }),
    });
  await post([1, 1, 3, 1, 2, 1, 2, 3, 1], false);
  await sink.waitFor(1);
  shift = 2 * 60 * 60 * 1000;
  await post([1, 1, 3, 2, 2, 1, 1, 3, 1], true);
  const mails = await sink.waitFor(2);
  const mail = mails[1];
  if (!mail || typeof mail.html !== 'string') throw new Error('no e-mail');
  writeFileSync(join(outDir, 'email.html'), mail.html);
  writeFileSync(join(outDir, 'email.txt'), mail.text ?? '');

  for (const [name, width, colorScheme] of [['email-light-360', 360, 'light'], ['email-dark-360', 360, 'dark'], ['email-light-700', 700, 'light']] as const) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme });
    await page.setContent(mail.html);
    await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
    await page.close();
  }

  const link = (path: string) => new RegExp(`${publicUrl}${path}#[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')?.[0] ?? '';
  for (const width of [360, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(link('/profile'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: join(outDir, `profile-${width}.png`), fullPage: true });
    if (width === 1280) {
      for (const format of ['A4', 'Letter'] as const) {
        const file = join(outDir, `profile-print-${format}.pdf`);
        await page.pdf({ path: file, format });
        const png = spawnSync('pdftoppm', ['-r', '60', '-png', file, join(outDir, `profile-print-${format}`)]);
        if (png.error) console.log(`pdftoppm not found: ${file} left as PDF`);
      }
    }
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await page.goto(link('/confirm'));
  await page.getByRole('button').waitFor();
  await page.screenshot({ path: join(outDir, 'confirm-360.png') });
  await page.goto(`${publicUrl}/profile#${'x'.repeat(43)}`);
  await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  await page.screenshot({ path: join(outDir, 'dead-link-360.png') });
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await app.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
