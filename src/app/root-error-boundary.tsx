import { Component, type ReactNode } from 'react';
import { appError } from '../content/errors';

type Props = { children: ReactNode };
type State = { error: unknown };

/** Text for the fallback: an HTTP-style status when the error carries one, else its message. */
export function describeError(error: unknown): { title: string; stack?: string } {
  if (error && typeof error === 'object') {
    const { status, statusText } = error as { status?: unknown; statusText?: unknown };
    if (typeof status === 'number') {
      return { title: [status, statusText].filter(Boolean).join(' ') };
    }
  }
  if (error instanceof Error) return { title: error.message, stack: error.stack };
  return { title: String(error) };
}

/**
 * The root error boundary: an unhandled error while rendering any route shows the fallback page of
 * SPEC section 8 (heading, status or message, stack) instead of a blank screen. React itself logs
 * the error with its component stack to the console (its default `onCaughtError`), so this does not.
 */
export class RootErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { title, stack } = describeError(this.state.error);
    return (
      <main className="mx-auto max-w-2xl px-5 py-12">
        {/* The page's own outline starts at level one (React Router's default fallback, inside a page, uses h2 and h3). */}
        <h1 className="text-2xl font-bold text-teal-dark">{appError.heading}</h1>
        <h2 className="mt-3 text-lg italic">{title}</h2>
        {stack && (
          <pre className="mt-4 overflow-x-auto rounded-xl bg-teal-soft p-4 text-xs">{stack}</pre>
        )}
        <a href="/" className="mt-6 inline-block font-semibold text-teal underline underline-offset-4">
          {appError.homeLink}
        </a>
      </main>
    );
  }
}
