/**
 * The User Timing mark the browser sets when the idle prefetch of the lazy pages starts. The budgets
 * (e2e/budgets.spec.ts) and the benchmark count what loaded before it as a page's first load.
 * Kept free of DOM types so the Node-side measuring code can import it.
 */
export const prefetchMark = 'core-drivers:prefetch';
