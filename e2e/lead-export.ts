/** The coach's `npm run leads -- export`, run against a data folder and parsed back (every cell is quoted). */
import { execFileSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';

export type ExportedLead = Record<string, string>;

/** Every exported lead, by column name; by default from the server the tests started. */
export function exportLeads(dataDir = process.env.E2E_DATA_DIR): ExportedLead[] {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts.');
  const csv = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'export'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return parse(csv, { bom: true, columns: true }) as ExportedLead[];
}
