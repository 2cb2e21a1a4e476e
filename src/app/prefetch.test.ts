import { expect, test, vi } from 'vitest';
import { whenLoadedAndIdle } from './prefetch';

function fakeWindow({ readyState, idleCallbacks }: { readyState: DocumentReadyState; idleCallbacks: boolean }) {
  const listeners: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const timers: { task: () => void; delay: number }[] = [];
  const win = {
    document: { readyState },
    addEventListener: (_type: 'load', listener: () => void) => listeners.push(listener),
    setTimeout: (task: () => void, delay: number) => timers.push({ task, delay }),
    ...(idleCallbacks ? { requestIdleCallback: (task: () => void) => idle.push(task) } : {}),
  };
  const fireLoad = () => listeners.splice(0).forEach((listener) => listener());
  return { win, fireLoad, idle, timers };
}

test('before the load event nothing runs; after it, the task waits for an idle moment', () => {
  const task = vi.fn();
  const { win, fireLoad, idle } = fakeWindow({ readyState: 'interactive', idleCallbacks: true });
  whenLoadedAndIdle(task, win);
  expect(idle).toHaveLength(0);

  fireLoad();
  expect(task).not.toHaveBeenCalled();
  idle.forEach((callback) => callback());
  expect(task).toHaveBeenCalledOnce();
});

test('a page that has already loaded schedules the task for the next idle moment at once', () => {
  const task = vi.fn();
  const { win, idle } = fakeWindow({ readyState: 'complete', idleCallbacks: true });
  whenLoadedAndIdle(task, win);
  expect(task).not.toHaveBeenCalled();
  idle.forEach((callback) => callback());
  expect(task).toHaveBeenCalledOnce();
});

test('without requestIdleCallback the task runs on a short timer after the load event', () => {
  const task = vi.fn();
  const { win, fireLoad, timers } = fakeWindow({ readyState: 'loading', idleCallbacks: false });
  whenLoadedAndIdle(task, win);
  expect(timers).toHaveLength(0);
  fireLoad();
  expect(timers).toHaveLength(1);
  timers[0]?.task();
  expect(task).toHaveBeenCalledOnce();
});
