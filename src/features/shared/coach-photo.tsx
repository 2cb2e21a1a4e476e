import type { PublicImage } from '../../shared/site-config';

/**
 * The coach's photo or logo, round, at a fixed size. Its width and height are given, so the page
 * keeps its place while it loads (no shift, and an embed frame measures the right height at once).
 * Decorative: the coach's name is always written beside it.
 */
export function CoachPhoto({ photo, className }: { photo: PublicImage; className: string }) {
  return (
    <img
      src={photo.url}
      width={photo.width}
      height={photo.height}
      alt=""
      decoding="async"
      className={`shrink-0 rounded-full bg-white object-cover ${className}`}
    />
  );
}
