/** Opening the quiz on Playwright's fake clock, so its timings move only when a test says so. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const clockStart = new Date('2026-03-02T09:00:00Z');

/** Installs the fake clock, opens /quiz, waits for question 1, then pauses time. */
export async function openQuizOnFakeClock(page: Page) {
  await page.clock.install({ time: clockStart });
  await page.goto('/quiz');
  await expect(page.getByText('Question 1 of 9')).toBeVisible();
  await page.clock.pauseAt(new Date(clockStart.getTime() + 60_000));
}
