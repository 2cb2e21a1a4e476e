import { resultsCopy } from '../../content/results';
import { useSiteConfig } from '../../lib/site-config';

/**
 * The care message for heavy results, with the coach's own help line under it when they set one:
 * their words, linked to their page (a new tab) or their phone number.
 */
export function CareMessage({ text }: { text: string }) {
  const { helpLine } = useSiteConfig();
  const phone = helpLine?.url?.startsWith('tel:') ?? false;
  return (
    <div className="mt-4 rounded-2xl border-2 border-teal-soft bg-white p-4">
      <p className="font-medium">{text}</p>
      {helpLine && (
        <p className="mt-2 text-pretty">
          {helpLine.url ? (
            <a
              href={helpLine.url}
              {...(phone ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className="font-semibold text-teal underline underline-offset-4"
            >
              {helpLine.text}
              {!phone && <span className="sr-only"> {resultsCopy.course.newTabHint}</span>}
            </a>
          ) : (
            helpLine.text
          )}
        </p>
      )}
    </div>
  );
}
