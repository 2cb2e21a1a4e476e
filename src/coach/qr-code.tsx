import { encode } from 'uqr';

/** Modules of white space around the code, as scanners expect (QR's quiet zone is 4). */
const QUIET_ZONE = 4;

/** A QR code as one SVG path (the coach's authenticator app scans it); dark on white whatever the theme. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`] : []))).join('');
  const full = size + 2 * QUIET_ZONE;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${full} ${full}`} className="h-auto w-48 max-w-full rounded-xl bg-white" shapeRendering="crispEdges">
      <rect width={full} height={full} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
