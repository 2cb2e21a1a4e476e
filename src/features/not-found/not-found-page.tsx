import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import { notFound } from '../../content/not-found';
import { pageTitle } from '../../content/site';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { SiteFooter } from '../shared/site-footer';
import { ProductName } from '../shared/product-name';

/** Any unknown path (SPEC section 2): the landing page's header, type and footer, and the way home. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle(notFound.title));
  useFocusOnArrival(heading);

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <main className="mx-auto w-full max-w-2xl flex-1 px-5 pt-12 pb-10 sm:pt-20">
        <ProductName />
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-3 text-5xl leading-tight font-bold text-teal-dark tabular-nums outline-none sm:text-6xl"
        >
          {notFound.code}
        </h1>
        <p className="mt-2 text-lg text-pretty text-muted sm:text-xl">{notFound.message}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.home} className="btn-primary px-7 py-3 text-lg">
            {notFound.homeLink}
          </Link>
          <Link to={paths.quiz} className="btn-secondary px-7 py-3 text-lg">
            {notFound.quizLink}
          </Link>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
