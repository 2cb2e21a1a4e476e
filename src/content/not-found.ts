/** Not-found screen copy (SPEC sections 2 and 8). */
export const notFound = {
  code: '404',
  message: 'Oops! Page not found',
  /** The browser tab's title. */
  title: 'Page not found',
  homeLink: 'Return to Home',
  /** Beside the way home: the way to what the visitor most likely came for. */
  quizLink: 'Take the quiz',
} as const;
