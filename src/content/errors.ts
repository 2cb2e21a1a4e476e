/** The fallback page for an unhandled error while rendering a route (SPEC section 8). */
export const appError = {
  heading: 'Unexpected Application Error!',
  homeLink: 'Back to the start',
} as const;
