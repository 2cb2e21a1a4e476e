import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { pageTitle } from '../../content/site';
import { useFocusOnArrival, useFocusOnReplace, usePageTitle } from '../../lib/screen';
import { ProductName } from '../shared/product-name';

type LinkMessageProps = {
  title: string;
  children: ReactNode;
  /** The way on: take the quiz again (a link), or try again (a button). */
  action: { kind: 'quiz'; label: string } | { kind: 'retry'; label: string; onRetry: () => void };
  /**
   * The message replaces a screen the visitor just acted on (a button pressed, whose screen is gone):
   * its heading takes focus, so focus is not lost to the page's top and a screen reader reads it.
   */
  focusOnMount?: boolean;
};

/**
 * A calm, centred message for a link that no longer works, or a server that could not answer: what
 * happened in plain words and one way on. Never an error code, never blame.
 */
export function LinkMessage({ title, children, action, focusOnMount = false }: LinkMessageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle(title));
  useFocusOnArrival(heading);
  useFocusOnReplace(heading, focusOnMount);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-5 py-12 text-center">
      <ProductName />
      <h1 ref={heading} tabIndex={-1} className="mt-1.5 text-2xl font-bold tracking-tight text-balance text-teal-dark outline-none sm:text-3xl">
        {title}
      </h1>
      <div className="mt-3 space-y-2 text-pretty text-muted sm:text-lg">{children}</div>
      {action.kind === 'quiz' ? (
        <Link to={paths.quiz} className="btn-primary mt-7 px-7 py-3 text-lg">
          {action.label}
        </Link>
      ) : (
        <button type="button" onClick={action.onRetry} className="btn-primary mt-7 px-7 py-3 text-lg">
          {action.label}
        </button>
      )}
    </main>
  );
}
