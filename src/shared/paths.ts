/**
 * Every route of the app (SPEC section 2), in one place. Any other path is the not-found screen.
 * Shared by the browser (the route table, src/app/) and the server (which page it sends).
 */
export const paths = {
  home: '/',
  quiz: '/quiz',
  results: '/results',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** `POST /api/leads`: where the results gate sends a lead (server/leads/routes.ts, src/lib/lead-client.ts). */
export const leadsApiPath = '/api/leads';
