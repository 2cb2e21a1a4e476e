import { existsSync } from 'node:fs';

/**
 * Reads `.env` from the working folder into process.env, if the file exists. Variables already set
 * in the environment win, so `PORT=4000 npm start` overrides the file.
 */
export function loadEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
