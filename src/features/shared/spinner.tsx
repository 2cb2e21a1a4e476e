/** A calm spinner, sized to sit beside a line of text; it stops turning for visitors who prefer reduced motion. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="block size-6 shrink-0 animate-spin rounded-full border-[3px] border-teal-soft border-t-teal motion-reduce:animate-none"
    />
  );
}
