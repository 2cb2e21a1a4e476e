/** Every route of the app (SPEC section 2), in one place. Any other path is the not-found screen. */
export const paths = {
  home: '/',
  quiz: '/quiz',
  results: '/results',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
