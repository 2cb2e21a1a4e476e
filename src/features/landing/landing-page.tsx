import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { landing as ourLanding } from '../../content/landing';
import { pageTitle, site as ourSite } from '../../content/site';
import { useWords } from '../../lib/words';
import { reportFunnelStep, startQuizRun } from '../../lib/funnel';
import { useFocusOnArrival, usePageTitle } from '../../lib/screen';
import { ProductName } from '../shared/product-name';
import { CoachByline } from './coach-byline';
import { SiteFooter } from '../shared/site-footer';

export function LandingPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  const landing = useWords(ourLanding, 'landing');
  const site = useWords(ourSite, 'site');
  usePageTitle(pageTitle(landing.headline));
  useFocusOnArrival(heading);
  // Each visit to the landing page starts a new quiz run for the funnel.
  useEffect(() => {
    startQuizRun();
    reportFunnelStep('landing');
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <main className="mx-auto w-full max-w-2xl flex-1 px-5 pt-12 pb-10 sm:pt-20">
        <ProductName />
        <h1 ref={heading} tabIndex={-1} className="mt-3 outline-none text-4xl leading-tight font-bold text-balance text-teal-dark sm:text-5xl">
          {landing.headline}
        </h1>
        <p className="mt-4 text-lg text-pretty text-muted sm:text-xl">{landing.subHeadline}</p>

        <div className="mt-8 flex flex-col items-start gap-3">
          <Link
            to={paths.quiz}
            className="btn-primary px-7 py-3 text-lg"
          >
            {landing.cta}
          </Link>
          {/*
            Every item starts with its separator dot, and the list is pulled one dot's width to the left
            inside a box that clips: the dot of whichever item starts a line falls outside and is never
            seen, so no line starts with a dot, however the items wrap.
          */}
          <div className="overflow-hidden">
            <ul className="-ml-5 flex flex-wrap text-sm text-muted" aria-label={landing.expectationLabel}>
              {landing.expectation.map((item, index) => (
                <li key={index} className="whitespace-nowrap">
                  <span aria-hidden="true" className="inline-block w-5 text-center">
                    ·
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <CoachByline />

        <section
          aria-labelledby="why-title"
          className="mt-12 rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="why-title" className="text-xl font-bold text-teal-dark">
            {landing.why.title}
          </h2>
          <div className="mt-3 space-y-3 text-pretty">
            {landing.why.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </section>

        <p className="mt-8 rounded-2xl bg-sun-soft px-4 py-3 text-sm text-ink">{site.disclaimer}</p>
      </main>
      <SiteFooter />
    </div>
  );
}
