import { profileCopy } from '../../content/profile';

/**
 * "Print or save as PDF": the browser's own print dialog, where every browser offers saving as a PDF.
 * The print stylesheet (print: utilities and src/styles.css) fits the profile on two pages.
 */
export function PrintButton({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-teal bg-white px-6 py-2.5 font-semibold text-teal transition-colors hover:bg-teal-soft print:hidden ${className}`}
    >
      <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" focusable="false">
        <path
          d="M5.5 7.5V3h9v4.5M5.5 14H3.5v-5a1.5 1.5 0 0 1 1.5-1.5h10A1.5 1.5 0 0 1 16.5 9v5h-2M5.5 11.5h9V17h-9z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {profileCopy.print.button}
    </button>
  );
}

/** Only in the printout, at its foot: the coach's name and where to take the quiz again. */
export function PrintFooter({ coachName }: { coachName: string | null }) {
  const site = typeof window === 'undefined' ? '' : window.location.host;
  return <p className="hidden text-sm text-muted print:mt-4 print:block print:border-t print:border-line print:pt-2">{profileCopy.print.footer(coachName, site)}</p>;
}
