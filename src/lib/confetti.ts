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
let loaded: CreateTypes | undefined;
/** Counts the clears, so a burst still waiting for the library when the screen changed never fires. */
let clears = 0;

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
  cannon ??= import('canvas-confetti').then(({ default: confetti }) => {
    loaded = confetti.create(decorativeCanvas(), { resize: true, useWorker: false, disableForReducedMotion: true });
    return loaded;
  });
  return cannon;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fires one burst; resolves when it has finished falling (at once with reduced motion). */
export async function fireConfetti({ particleCount, spread, originY }: ConfettiBurst): Promise<void> {
  if (prefersReducedMotion()) return;
  const clearsBefore = clears;
  const fire = await loadCannon();
  if (clears !== clearsBefore) return;
  await fire({
    particleCount,
    ...(spread === undefined ? {} : { spread }),
    ...(originY === undefined ? {} : { origin: { y: originY } }),
    colors: [...brandColors],
    disableForReducedMotion: true,
  });
}

/**
 * Stops every burst at once and clears the canvas: the quiz's confetti belongs to the quiz, and must
 * not fall over the results' loading frame. A burst still waiting for its library is dropped too.
 */
export function clearConfetti(): void {
  clears += 1;
  loaded?.reset();
}
