/** The quiz's answer buttons, found from the texts the page shows (src/content/quiz.ts). */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { quizCopy } from '../src/content/quiz';
import type { Rating } from '../src/shared/constants';

/** An answer's label: This is me, Sometimes, I'm good at this. */
export function answerLabel(rating: Rating): string {
  const answer = quizCopy.answers.find((candidate) => candidate.rating === rating);
  if (!answer) throw new Error(`No answer for rating ${rating}`);
  return answer.label;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The answer button for a rating: named by its label, then its hint (WCAG 2.5.3 Label in Name). */
export function answerButton(scope: Page | FrameLocator, rating: Rating): Locator {
  return scope.getByRole('button', { name: new RegExp(`^${escaped(answerLabel(rating))} `) });
}
