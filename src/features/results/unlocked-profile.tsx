import { useMemo, useState } from 'react';
import { resultsCopy } from '../../content/results';
import { useSiteConfig } from '../../lib/site-config';
import { readSiteConfig } from '../../lib/site-config';
import type { CoreDriverResult } from '../../shared/core-drivers-state';
import { buildInsights } from '../../shared/insights';
import { CourseCta } from '../shared/course-cta';
import { InsightsPanel } from '../shared/insights-panel';
import { PrintButton, PrintFooter } from '../shared/print-button';

/**
 * What the gate unlocks: the insights, the print button and footer, and the coach's offer. A chunk
 * of its own (results-view.tsx fetches it while the visitor reads the cards), so none of it is in
 * the results page's first load.
 */
export function UnlockedProfile({
  drivers,
  firstName,
  focusOnMount,
}: {
  drivers: CoreDriverResult[];
  /** Typed at the gate just now (the greeting); null after a reload of this tab. */
  firstName: string | null;
  focusOnMount: boolean;
}) {
  const { words } = useSiteConfig();
  const insights = useMemo(() => buildInsights(drivers, words), [drivers, words]);
  const [siteConfig] = useState(readSiteConfig);
  return (
    <>
      <InsightsPanel
        insights={insights}
        greeting={firstName === null ? null : resultsCopy.insights.greeting(firstName)}
        focusOnMount={focusOnMount}
      />
      <PrintButton className="mt-6" />
      <CourseCta ratings={drivers.map((driver) => driver.rating)} />
      <PrintFooter coachName={siteConfig.coach.name} />
    </>
  );
}
