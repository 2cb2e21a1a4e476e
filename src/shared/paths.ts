/**
 * Every route of the app (SPEC section 2, and the two pages the results e-mail links to), in one place. Any other path is the not-found screen.
 * Shared by the browser (the route table, src/app/) and the server (which page it sends).
 */
export const paths = {
  home: '/',
  quiz: '/quiz',
  results: '/results',
  /** The private profile page the results e-mail links to (`/profile#<token>`; beyond the spec). */
  profile: '/profile',
  /** The double opt-in's confirm page (`/confirm#<token>`; beyond the spec). */
  confirm: '/confirm',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** `POST /api/leads`: where the results gate sends a lead (server/leads/routes.ts, src/lib/lead-client.ts). */
export const leadsApiPath = '/api/leads';
