import { useMemo, useState } from 'react';
import { resultsCopy } from '../../content/results';
import { useSiteConfig } from '../../lib/site-config';
import { useWords } from '../../lib/words';
import { readSiteConfig } from '../../lib/site-config';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { buildInsights } from '../../shared/insights';
import { CourseCta } from '../shared/course-cta';
import { InsightsPanel } from '../shared/insights-panel';
import { PrintButton, PrintFooter } from '../shared/print-button';
import type { MailNews } from '../../lib/results-memory';

/**
 * What the gate unlocks: the insights, a line on the results e-mail when one is on its way (and, if
 * the visitor ticked the marketing box, that the e-mail asks them to confirm it), the print button
 * and footer, and the coach's offer. A chunk
 * of its own (results-view.tsx fetches it while the visitor reads the cards), so none of it is in
 * the results page's first load.
 */
export function UnlockedProfile({
  drivers,
  firstName,
  mail,
  focusOnMount,
}: {
  drivers: CoreDriverResult[];
  /** Typed at the gate just now (the greeting); null after a reload of this tab. */
  firstName: string | null;
  /** What to say about the results e-mail (./lead-gate.tsx). */
  mail: MailNews;
  focusOnMount: boolean;
}) {
  const { words } = useSiteConfig();
  const insights = useMemo(() => buildInsights(drivers, words), [drivers, words]);
  const [siteConfig] = useState(readSiteConfig);
  const mailWords = useWords(resultsCopy.insights, 'results.insights').mail;
  return (
    <>
      <InsightsPanel
        insights={insights}
        greeting={firstName === null ? null : resultsCopy.insights.greeting(firstName)}
        focusOnMount={focusOnMount}
      />
      {mail && (
        <p className="mt-6 text-muted print:hidden">
          {mailWords.sent}
          {mail.confirm && ` ${mailWords.confirm}`}
        </p>
      )}
      <PrintButton className="mt-6" />
      <CourseCta ratings={drivers.map((driver) => driver.rating)} />
      <PrintFooter coachName={siteConfig.coach.name} />
    </>
  );
}
