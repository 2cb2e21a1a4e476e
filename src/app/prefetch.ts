/** Scheduling for work that must never compete with the first paint or hydration. */

/** requestIdleCallback runs the task after this long at the latest, even if the page stays busy. */
const idleTimeoutMs = 2000;
/** Where requestIdleCallback is missing (Safari), wait this long after the load event instead. */
const fallbackDelayMs = 200;

type IdleWindow = {
  document: { readyState: DocumentReadyState };
  addEventListener: (type: 'load', listener: () => void, options: { once: true }) => void;
  setTimeout: (task: () => void, delay: number) => unknown;
  requestIdleCallback?: (task: () => void, options: { timeout: number }) => unknown;
};

/** Runs `task` once, after the page's load event, when the browser is idle. */
export function whenLoadedAndIdle(task: () => void, win: IdleWindow = window): void {
  const schedule = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => task(), { timeout: idleTimeoutMs });
    else win.setTimeout(task, fallbackDelayMs);
  };
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', schedule, { once: true });
}
