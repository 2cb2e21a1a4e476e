/**
 * The coach's commands: `npm run leads -- export | erase <email> | stats | backup <file>`. Reads DATA_DIR like the
 * server (and `.env`, if there is one). Only `export` prints personal data, to stdout, for a file.
 */
import { loadEnvFile } from '../env-file';
import { ConfigError, loadConfig } from '../config';
import { backupDatabase, eraseLead, exportCsv, leadStats } from '../leads/admin';
import { openDatabase } from '../storage/lead-store';

const usage = `Usage: npm run leads -- <command>

  export          every lead as CSV on stdout (npm run leads -- export > leads.csv)
  erase <email>   remove that person's lead, submissions and pending deliveries for good
  stats           counts of leads and submissions, and the webhook delivery backlog
  backup <file>   a consistent copy of the database in one new file, safe while the server runs
`;

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

function main(args: string[]): number {
  const [command, ...rest] = args;
  if (command !== 'export' && command !== 'erase' && command !== 'stats' && command !== 'backup') {
    process.stderr.write(usage);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  loadEnvFile();
  const db = openDatabase(loadConfig().dataDir);
  try {
    if (command === 'export') {
      const count = exportCsv(db, (chunk) => process.stdout.write(chunk));
      process.stderr.write(`Exported ${count} lead${count === 1 ? '' : 's'}.\n`);
    } else if (command === 'erase') {
      const [email] = rest;
      if (email === undefined || rest.length !== 1) {
        process.stderr.write('Give exactly one e-mail address: npm run leads -- erase <email>\n');
        return 2;
      }
      const erased = eraseLead(db, email);
      // Never repeat the address: this output may end up in a terminal log or a ticket.
      process.stdout.write(
        erased.leads === 0
          ? 'No lead with that address: nothing to erase.\n'
          : `Erased 1 lead, ${erased.submissions} submission(s) and ${erased.pendingDeliveries} pending webhook deliver${erased.pendingDeliveries === 1 ? 'y' : 'ies'}.\n`,
      );
    } else if (command === 'backup') {
      const [target] = rest;
      if (target === undefined || rest.length !== 1) {
        process.stderr.write('Give exactly one new file name: npm run leads -- backup <file>\n');
        return 2;
      }
      backupDatabase(db, target);
      process.stdout.write(`Backed up to ${target}.\n`);
    } else {
      const stats = leadStats(db);
      const { outbox } = stats;
      process.stdout.write(
        [
          `Leads:        ${stats.leads}`,
          `Submissions:  ${stats.submissions} (${stats.submissionsLast24h} in the last 24 h, ${stats.submissionsLast7d} in the last 7 days)`,
          `Webhook:      ${outbox.pending} waiting, ${outbox.delivered} delivered, ${outbox.gone} refused with 410, ${outbox.expired} given up`,
          ...(outbox.oldestPendingAgeMs === null ? [] : [`Oldest waiting delivery: ${formatAge(outbox.oldestPendingAgeMs)}`]),
          '',
        ].join('\n'),
      );
    }
    return 0;
  } finally {
    db.close();
  }
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  // Messages of our own errors and SQLite's never hold an address; print them, not the stack.
  const message = error instanceof ConfigError ? `Configuration error: ${error.message}` : String((error as Error).message);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}
