import { site } from '../../content/site';

/**
 * The product's name as every screen's small heading line: teal capitals, widely spaced. The quiz's
 * own header line: inside a frame the coach may hide it, with the footer (`data-chrome`;
 * src/lib/frame-style.ts), since their site says whose quiz it is.
 */
export function ProductName({ className = '' }: { className?: string }) {
  return (
    <p data-chrome="" className={`text-xs font-bold tracking-[0.12em] text-teal uppercase ${className}`}>
      {site.productName}
    </p>
  );
}
