/**
 * The steps of the funnel, in the order a visitor meets them. The browser reports them (once per
 * quiz run) and the server counts them; the embed tells the host page about them. Never personal.
 */
import { DRIVER_COUNT } from './constants';

export type QuestionStep = `question_${number}`;
export type FunnelStep = 'landing' | 'quiz_started' | QuestionStep | 'results' | 'lead' | 'course_click';

/** The step for arriving at question `n` (1-9). */
export const questionStep = (n: number): QuestionStep => `question_${n}`;

/** Every step, in funnel order. */
export const funnelSteps: readonly FunnelStep[] = [
  'landing',
  'quiz_started',
  ...Array.from({ length: DRIVER_COUNT }, (_, index) => questionStep(index + 1)),
  'results',
  'lead',
  'course_click',
];

export function isFunnelStep(value: unknown): value is FunnelStep {
  return typeof value === 'string' && (funnelSteps as readonly string[]).includes(value);
}
