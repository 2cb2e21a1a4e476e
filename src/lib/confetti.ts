/**
 * Confetti bursts in the brand colours. canvas-confetti is loaded on demand (never in the landing
 * page's first load) and nothing fires for visitors who prefer reduced motion.
 */
import type { CreateTypes } from 'canvas-confetti';
import { brandColors } from '../shared/constants';

export type ConfettiBurst = {
  particleCount: number;
  spread?: number;
  /** Vertical origin, 0 (top) to 1 (bottom). */
  originY?: number;
};

let cannon: Promise<CreateTypes> | undefined;

function loadCannon(): Promise<CreateTypes> {
  // No web worker: a worker from a blob: URL would need a looser Content-Security-Policy.
  cannon ??= import('canvas-confetti').then(({ default: confetti }) =>
    confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true }),
  );
  return cannon;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fires one burst; resolves when it has finished falling (at once with reduced motion). */
export async function fireConfetti({ particleCount, spread, originY }: ConfettiBurst): Promise<void> {
  if (prefersReducedMotion()) return;
  const fire = await loadCannon();
  await fire({
    particleCount,
    ...(spread === undefined ? {} : { spread }),
    ...(originY === undefined ? {} : { origin: { y: originY } }),
    colors: [...brandColors],
    disableForReducedMotion: true,
  });
}
