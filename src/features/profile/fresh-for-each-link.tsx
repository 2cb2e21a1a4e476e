import { Fragment, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A page whose link is in the address's fragment (the results e-mail's profile and confirm links)
 * starts afresh when only the fragment changes: another e-mail's link opened in the same tab is a
 * navigation within the page, and must not leave the earlier link's profile on screen, or its token
 * behind the confirm button. (Here, in the pages' own chunks, not in the route table the landing
 * page loads.)
 */
export function FreshForEachLink({ children }: { children: ReactNode }) {
  const { hash } = useLocation();
  return <Fragment key={hash}>{children}</Fragment>;
}
