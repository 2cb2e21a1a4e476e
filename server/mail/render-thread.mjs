// The entry of the results e-mail's render thread (./renderer.ts): a worker does not inherit tsx's
// loader, so this plain module loads the TypeScript one through tsx and hands Piscina its function.
import { tsImport } from 'tsx/esm/api';

const { default: renderResultsEmail } = await tsImport('./render-thread.ts', import.meta.url);

export default renderResultsEmail;
