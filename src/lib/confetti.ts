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

/**
 * Our own full-screen canvas rather than the library's: the same place and look, but hidden from
 * assistive technology, since the bursts are decoration and say nothing.
 */
function decorativeCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:100';
  document.body.append(canvas);
  return canvas;
}

function loadCannon(): Promise<CreateTypes> {
  // No web worker: a worker from a blob: URL would need a looser Content-Security-Policy.
  cannon ??= import('canvas-confetti').then(({ default: confetti }) =>
    confetti.create(decorativeCanvas(), { resize: true, useWorker: false, disableForReducedMotion: true }),
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
