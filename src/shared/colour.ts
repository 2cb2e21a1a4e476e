/**
 * Colours as the coach types them (`#0e4d55`, `#0E4D55`, `#09c`) and the WCAG 2 contrast between two
 * of them (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). Pure; used by the frame's look
 * (./frame-look.ts) on the server, in the dashboard and in the quiz's frame.
 */

/** A colour written `#rrggbb`, lower case. */
export type HexColour = `#${string}`;

/**
 * `#rrggbb` from `#rgb` or `#rrggbb` (any case, spaces around ignored); null for anything else
 * (names, rgb(), transparency: one spelling keeps checks and stored values simple).
 */
export function parseHexColour(input: string): HexColour | null {
  const value = input.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value as HexColour;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`;
  return null;
}

function channels(colour: HexColour): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16)) as [number, number, number];
}

function hex(values: readonly number[]): HexColour {
  return `#${values.map((value) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2's relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(colour: HexColour): number {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: HexColour, b: HexColour): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG 2.x AA for body text (1.4.3): what every text of the quiz keeps. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * A ratio as the coach reads it, rounded down to one decimal so a colour that just fails never
 * reads as passing: 4.4999 → "4.4:1".
 */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** `weight` of `a` and the rest of `b`, channel by channel (0 gives `b`, 1 gives `a`). */
export function mixColours(a: HexColour, b: HexColour, weight: number): HexColour {
  const [ca, cb] = [channels(a), channels(b)];
  return hex(ca.map((value, index) => value * weight + (cb[index] ?? 0) * (1 - weight)));
}
