import { driverIconPaths } from '../../content/driver-icons';
import { driverById, type DriverId } from '../../content/drivers';
import { ratingColors, type Rating } from '../../shared/constants';

/** The red, green and blue channels of a #rrggbb colour, 0-255. */
function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)) as [number, number, number];
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const inkHex = '#1d2a2f';

/** Whichever of dark ink and white stands out more on the disc: ink on pale yellow, white on red. */
export function iconInkOn(hex: string): 'ink' | 'white' {
  const disc = luminance(hex);
  const onInk = (Math.max(disc, luminance(inkHex)) + 0.05) / (Math.min(disc, luminance(inkHex)) + 0.05);
  const onWhite = 1.05 / (disc + 0.05);
  return onInk > onWhite ? 'ink' : 'white';
}

/** `hex` at `share` (0-1) over white, as #rrggbb: a pale tint that keeps the colour's hue. */
export function tintOf(hex: string, share: number): string {
  const mixed = channels(hex).map((channel) => Math.round(255 - (255 - channel) * share));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** How much of the rating's colour tints a driver's disc on the results. */
const ratingTintShare = 0.16;

type DriverIconProps = {
  id: DriverId;
  className?: string;
  /**
   * On the results, where colour means a rating and nothing else, the disc is a pale tint of the
   * rating's legend colour. Without it (the quiz) the disc is the driver's own assigned colour.
   */
  rating?: Rating;
};

/**
 * The driver's icon on a coloured disc. Decorative: the driver's name is always written beside it,
 * so a printout, which must not carry dark backgrounds, leaves it out.
 */
export function DriverIcon({ id, className = 'size-8', rating }: DriverIconProps) {
  const disc = rating === undefined ? driverById(id).assignedColor : tintOf(ratingColors[rating], ratingTintShare);
  return (
    <span
      aria-hidden="true"
      className={`inline-grid shrink-0 place-items-center rounded-full print:hidden ${iconInkOn(disc) === 'ink' ? 'text-ink' : 'text-white'} ${className}`}
      style={{ backgroundColor: disc }}
    >
      <svg viewBox="0 0 24 24" className="size-[58%]" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d={driverIconPaths[id]} />
      </svg>
    </span>
  );
}
