import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import { notFound } from '../../content/not-found';
import { pageTitle } from '../../content/site';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle(notFound.title));
  useFocusOnArrival(heading);

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-5 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-6xl outline-none font-bold text-teal-dark">{notFound.code}</h1>
      <p className="mt-3 text-xl text-muted">{notFound.message}</p>
      <Link
        to={paths.home}
        className="mt-6 inline-flex min-h-12 items-center rounded-full px-5 font-semibold text-teal underline underline-offset-4 hover:text-teal-dark"
      >
        {notFound.homeLink}
      </Link>
    </main>
  );
}
