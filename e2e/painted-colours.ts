/**
 * Every colour an element paints, read from Chromium's computed styles, and what counts as a
 * saturated colour and its hue: for the rule "within each card, every saturated colour painted has
 * its rating's hue" (issue 24) and "the drivers' own colours never reach the results".
 *
 * What is painted, per element (pseudo-elements ::before and ::after included when they have content):
 * - `color`, when the element holds text of its own (and `text-decoration-color` when it is decorated);
 * - `background-color`, and every colour in `background-image` (gradients);
 * - each border side's colour, when that side has a width and a style;
 * - `outline-color`, when the outline has a width and a style (a focus ring, say);
 * - every colour in `box-shadow`;
 * - SVG shapes' `fill` and `stroke` (currentColor already resolved), unless `none`.
 *
 * Each colour is converted by drawing it over white on a 1×1 canvas, so any CSS syntax the browser
 * computes (rgb(), color(srgb ...), oklab(), color-mix() results) ends up as the sRGB it shows as, its
 * transparency included: a 10 % shadow of teal counts as the pale grey it looks like.
 *
 * Saturated: chroma, (max - min) of the red, green and blue channels over 255, of at least 0.2.
 * Below it are the page's neutrals and pale washes: white 0, paper 0.02, the line colour 0.06, ink
 * 0.07, muted 0.09, soft shadows, the pale yellow note 0.13, and the 16 % tints of the legend colours
 * behind the cards' icons (red 0.09, green 0.05, orange 0.16). Above it are the three legend colours
 * (green #5EAD5A, the least, 0.33), the brand teal (0.28) and every driver's assigned colour (light
 * blue #8CC4E8, the least, 0.36).
 *
 * Hue: the HSL hue in degrees. A colour has a rating's hue when its hue is within 15° of the legend
 * colour's: red #BF0811 357°, orange #FFA500 39°, green #5EAD5A 117° (so the three never overlap).
 */
import type { Locator } from '@playwright/test';

export type Painted = { where: string; property: string; css: string; rgb: [number, number, number] | null };

export const SATURATION_THRESHOLD = 0.2;
export const HUE_TOLERANCE_DEGREES = 15;

/** Every colour painted by `root` and everything inside it. */
export function paintedColours(root: Locator): Promise<Painted[]> {
  return root.evaluate((rootElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas');
    const sentinel = '#010203';
    /** The colour as it shows over white, or null when the canvas cannot parse it. */
    const overWhite = (css: string): [number, number, number] | null => {
      context.fillStyle = sentinel;
      context.fillStyle = css;
      if (context.fillStyle === sentinel && css !== sentinel) return null;
      context.globalCompositeOperation = 'copy';
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, 1, 1);
      context.globalCompositeOperation = 'source-over';
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b];
    };
    const colourFunctions = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-fA-F]{3,8}\b/g;
    const shapes = new Set(['path', 'circle', 'rect', 'ellipse', 'line', 'polyline', 'polygon', 'text']);
    const found: { where: string; property: string; css: string; rgb: [number, number, number] | null }[] = [];

    const describe = (element: Element, pseudo: string) => {
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).slice(0, 4).join('.') : '';
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${pseudo}${classes ? `.${classes}` : ''}${text ? ` "${text}"` : ''}`;
    };

    const visit = (element: Element, pseudo: '' | '::before' | '::after') => {
      const style = getComputedStyle(element, pseudo || null);
      if (pseudo && (style.content === 'none' || style.content === 'normal')) return;
      const where = describe(element, pseudo);
      const add = (property: string, css: string) => found.push({ where, property, css, rgb: overWhite(css) });
      const hasOwnText =
        pseudo !== '' ||
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (hasOwnText) {
        add('color', style.color);
        if (style.textDecorationLine !== 'none') add('text-decoration-color', style.textDecorationColor);
      }
      add('background-color', style.backgroundColor);
      if (style.backgroundImage !== 'none') {
        for (const css of style.backgroundImage.match(colourFunctions) ?? []) add('background-image', css);
      }
      for (const side of ['top', 'right', 'bottom', 'left'] as const) {
        const width = Number.parseFloat(style.getPropertyValue(`border-${side}-width`));
        const lineStyle = style.getPropertyValue(`border-${side}-style`);
        if (width > 0 && lineStyle !== 'none' && lineStyle !== 'hidden') add(`border-${side}-color`, style.getPropertyValue(`border-${side}-color`));
      }
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) add('outline-color', style.outlineColor);
      if (style.boxShadow !== 'none') {
        for (const css of style.boxShadow.match(colourFunctions) ?? []) add('box-shadow', css);
      }
      if (element instanceof SVGElement && shapes.has(element.tagName.toLowerCase())) {
        if (style.fill !== 'none' && !style.fill.startsWith('url(')) add('fill', style.fill);
        if (style.stroke !== 'none' && !style.stroke.startsWith('url(') && Number.parseFloat(style.strokeWidth) > 0) add('stroke', style.stroke);
      }
    };

    for (const element of [rootElement, ...rootElement.querySelectorAll('*')]) {
      visit(element, '');
      visit(element, '::before');
      visit(element, '::after');
    }
    return found;
  });
}

/** (max - min) of the channels over 255: 0 for white, grey and black, 1 for a pure primary. */
export function chroma([r, g, b]: readonly [number, number, number]): number {
  return (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
}

export function isSaturated(rgb: readonly [number, number, number]): boolean {
  return chroma(rgb) >= SATURATION_THRESHOLD;
}

/** HSL hue in degrees, 0-360 (0 for a grey). */
export function hue([r, g, b]: readonly [number, number, number]): number {
  const max = Math.max(r, g, b);
  const spread = max - Math.min(r, g, b);
  if (spread === 0) return 0;
  const raw = max === r ? (g - b) / spread : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
  return (raw * 60 + 360) % 360;
}

/** The distance between two hues around the colour wheel, 0-180. */
export function hueDistance(first: number, second: number): number {
  const distance = Math.abs(first - second) % 360;
  return distance > 180 ? 360 - distance : distance;
}

/** #rrggbb as channels. */
export function channelsOf(hex: string): [number, number, number] {
  return [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)) as [number, number, number];
}

export function sameHue(rgb: readonly [number, number, number], reference: readonly [number, number, number]): boolean {
  return hueDistance(hue(rgb), hue(reference)) <= HUE_TOLERANCE_DEGREES;
}
