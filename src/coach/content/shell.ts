/** The dashboard's frame: its name, the views in the navigation, and what it says about the session. */

/** Where the dashboard can be: one view per part of the issue, in the navigation's order. */
export const views = ['funnel', 'profiles', 'leads', 'deliveries', 'embed', 'words', 'offers', 'settings', 'security', 'audit'] as const;
export type View = (typeof views)[number];

/** The texts of the frame around every view. */
export const shellCopy = {
  appName: 'Core Drivers',
  appRole: 'Coach dashboard',
  loading: 'Loading…',
  views: {
    funnel: 'Funnel',
    profiles: 'Profiles',
    leads: 'Leads',
    deliveries: 'Deliveries',
    embed: 'On your site',
    words: 'Your words',
    offers: 'Offers',
    settings: 'Settings',
    security: 'Sign-in and backups',
    audit: 'Audit log',
  } satisfies Record<View, string>,
  navLabel: 'Dashboard sections',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  loadFailed: 'This could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionEndedKept: 'Your session has ended. Sign in again to save your changes: they are kept until you do.',
  signedOut: 'You are signed out.',
} as const;
