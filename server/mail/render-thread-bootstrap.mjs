// The entry of the results e-mail's render thread (./renderer.ts): a worker does not inherit tsx's
// loader, so this plain module loads the TypeScript one through tsx and hands Piscina its function.
import process from 'node:process';
import { tsImport } from 'tsx/esm/api';

// React's production build: its development build (what Node gets without NODE_ENV) renders several
// times slower, checking and warning for a developer nobody shows. This thread's environment is its own.
process.env.NODE_ENV = 'production';
const { default: writeResultsEmail } = await tsImport('./render-thread.ts', import.meta.url);

export default writeResultsEmail;
