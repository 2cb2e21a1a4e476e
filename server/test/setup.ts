import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs';

// Each test file's temporary folders go when the file is done (its servers are closed by then).
afterAll(removeTempDirs);
