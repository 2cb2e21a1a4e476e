import { site } from '../../content/site';

/** The product's name as every screen's small heading line: teal capitals, widely spaced. */
export function ProductName({ className = '' }: { className?: string }) {
  return <p className={`text-xs font-bold tracking-[0.12em] text-teal uppercase ${className}`}>{site.productName}</p>;
}
