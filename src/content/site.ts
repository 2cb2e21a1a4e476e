/** Copy shared by every screen. */
export const site = {
  productName: 'Core Drivers',
  tagline: 'Empowering you to understand your unique mind.',
  disclaimer:
    'This is a self-reflection tool, not a diagnosis. It does not replace advice from a health professional.',
} as const;
