import { site } from '../../content/site';

/**
 * The quiz's name in small capitals above a screen's title: its own header line. Inside a frame the
 * coach may hide it, with the footer (`data-chrome`; src/embed/frame-style.ts), since their site
 * says whose quiz it is.
 */
export function ProductName() {
  return (
    <p data-chrome="" className="text-xs font-bold tracking-[0.12em] text-teal uppercase">
      {site.productName}
    </p>
  );
}
