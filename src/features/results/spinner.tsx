/** A calm spinner; it stops turning for visitors who prefer reduced motion. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="block size-10 animate-spin rounded-full border-4 border-teal-soft border-t-teal motion-reduce:animate-none"
    />
  );
}
