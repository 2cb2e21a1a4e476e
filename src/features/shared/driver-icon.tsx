import { driverIconPaths } from '../../content/driver-icons';
import { driverById, type DriverId } from '../../content/drivers';

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const inkHex = '#1d2a2f';

/** Whichever of dark ink and white stands out more on the disc: ink on pale yellow, white on red. */
export function iconInkOn(hex: string): 'ink' | 'white' {
  const disc = luminance(hex);
  const onInk = (Math.max(disc, luminance(inkHex)) + 0.05) / (Math.min(disc, luminance(inkHex)) + 0.05);
  const onWhite = 1.05 / (disc + 0.05);
  return onInk > onWhite ? 'ink' : 'white';
}

type DriverIconProps = { id: DriverId; className?: string };

/**
 * The driver's icon on a disc of its assigned colour. Decorative: the driver's name is always
 * written beside it, so a printout, which must not carry dark backgrounds, leaves it out.
 */
export function DriverIcon({ id, className = 'size-8' }: DriverIconProps) {
  const color = driverById(id).assignedColor;
  return (
    <span
      aria-hidden="true"
      className={`inline-grid shrink-0 place-items-center rounded-full print:hidden ${iconInkOn(color) === 'ink' ? 'text-ink' : 'text-white'} ${className}`}
      style={{ backgroundColor: color }}
    >
      <svg viewBox="0 0 24 24" className="size-[58%]" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d={driverIconPaths[id]} />
      </svg>
    </span>
  );
}
