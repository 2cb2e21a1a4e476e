import { useEffect, useRef } from 'react';

type LiveRegionProps = { message: string; className?: string };

/**
 * A polite status region whose text is written after the region is in the page. Screen readers
 * announce changes to a live region, and often say nothing about one inserted with its text
 * already in it, so React renders it empty and the effect fills it (and changes it later).
 */
export function LiveRegion({ message, className }: LiveRegionProps) {
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (region.current) region.current.textContent = message;
  }, [message]);
  return <p ref={region} role="status" className={className} />;
}
