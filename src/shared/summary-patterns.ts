/** The summary rules of SPEC section 4 in their order (ids of `summaryRules` in src/shared/insights.ts). */
export const summaryPatterns = ['allWeak', 'allStrong', 'allNeutral', 'mostWeak', 'mostStrong', 'strongAndWeak', 'general'] as const;
export type SummaryPattern = (typeof summaryPatterns)[number];
