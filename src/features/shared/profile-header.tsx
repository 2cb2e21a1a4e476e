import type { ReactNode, RefObject } from 'react';
import type { countRatings } from '../../shared/insights';
import { ProductName } from './product-name';
import { ProfileGlance } from './profile-glance';

/** The id the driver cards are labelled by. */
export const PROFILE_TITLE_ID = 'profile-title';

/**
 * The head of a profile, on the results page and the private profile page alike: the product's
 * name, the title (focused on arrival, so it takes `headingRef`), a line under it, and the counts.
 */
export function ProfileHeader({
  title,
  subtitle,
  counts,
  headingRef,
  className = '',
  children,
}: {
  title: string;
  subtitle: ReactNode;
  counts: ReturnType<typeof countRatings>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <header className={`text-center ${className}`}>
      <ProductName />
      <h1
        id={PROFILE_TITLE_ID}
        ref={headingRef}
        tabIndex={-1}
        className="mt-1.5 text-2xl font-bold tracking-tight text-balance text-teal-dark outline-none sm:text-4xl"
      >
        {title}
      </h1>
      <p className="mt-1 text-muted sm:text-lg">{subtitle}</p>
      <ProfileGlance counts={counts} />
      {children}
    </header>
  );
}
