/** Copy shared by every screen. */
export const site = {
  productName: 'Core Drivers',
  tagline: 'Empowering you to understand your unique mind.',
  disclaimer:
    'This is a self-reflection tool, not a diagnosis. It does not replace advice from a health professional.',
  /** Before the coach's name (their settings), on the landing page and in the footer. */
  quizBy: 'A quiz by',
} as const;

/** The browser tab's title for a screen: what is on it first, then the product ("Question 3 of 9 · Core Drivers"). */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} · ${site.productName}` : site.productName;
}
