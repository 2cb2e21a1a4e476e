/**
 * The server runs React's production build (the visitor's pages and the results e-mail are rendered
 * with it) unless NODE_ENV says otherwise: React picks its build from NODE_ENV when it is first
 * imported, so `main.ts` imports this module before anything else. Without it, `npm start` rendered
 * every page with React's development build, which is slower and turns on async hooks for every
 * promise. Tests keep the NODE_ENV their runner sets.
 */
process.env.NODE_ENV ??= 'production';
