/**
 * Every text of the coach's dashboard: typed data, no JSX, in one module (so it could be translated).
 * Driver names and the summary patterns come from the visitor's content (src/content) and insight
 * rules (src/features/results/insights.ts), so the coach reads what the visitor read.
 */
export const coachCopy = {
  appName: 'Core Drivers · Coach',
} as const;
