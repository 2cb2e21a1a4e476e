// Loaded with `node --import` into every server a test starts (./server-process.ts): the server
// exits once the test process that started it is gone. A test's own clean-up kills it; this covers
// the worker that never got there (a hook timed out, Vitest ended the worker), which otherwise left
// an orphan server busy for the rest of the run (one with a collection every 50 ms held a core).
// The test process gives its pid (TEST_PARENT_PID): `process.ppid` is read once, at start, and a
// parent that died while the server was starting would already be init.
import process from 'node:process';

const parent = Number(process.env.TEST_PARENT_PID ?? process.ppid);
// ESRCH: no such process. A server run as another user gets EPERM for a parent that is there.
const parentGone = () => {
  try {
    process.kill(parent, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
};
if (parentGone()) process.exit(1);
globalThis.setInterval(() => {
  if (parentGone()) process.exit(1);
}, 500).unref();
