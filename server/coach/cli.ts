/**
 * The coach's commands: `npm run coach -- set-password | export | erase <email> | stats | backup <file>`
 * (`npm run leads -- ...` is the same). Reads DATA_DIR like the server (and `.env`, if there is
 * one). Only `export` prints personal data, to stdout, for a file. Exports, erasures and password
 * changes go in the audit log.
 */
import { loadEnvFile } from '../env-file';
import { ConfigError, loadConfig } from '../config';
import { backupDatabase, eraseLead, exportCsv, leadStats } from '../leads/admin';
import { openDatabase } from '../storage/lead-store';
import { recordAudit } from './audit';
import { readSecret } from './read-secret';
import { hashPassword, passwordProblem } from './password';
import { storePasswordHash } from './sessions';

const commands = ['set-password', 'export', 'erase', 'stats', 'backup'] as const;
type Command = (typeof commands)[number];

const usage = `Usage: npm run coach -- <command>   (npm run leads -- <command> works too)

  set-password    set the dashboard's password (at least 12 characters), read from stdin:
                  typed without echo, or piped (printf '%s' "$PASSWORD" | npm run coach -- set-password).
                  Signs out every dashboard session.
  export          every lead as CSV on stdout (npm run coach -- export > leads.csv)
  erase <email>   remove that person's lead, submissions and pending deliveries for good
  stats           counts of leads and submissions, and the webhook delivery backlog
  backup <file>   a consistent copy of the database in one new file, safe while the server runs
`;

const commandLine = { actor: 'command line' } as const;

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

async function setPassword(db: ReturnType<typeof openDatabase>): Promise<number> {
  const password = await readSecret('New dashboard password (at least 12 characters): ');
  const problem = passwordProblem(password);
  if (problem !== null) {
    process.stderr.write(`${problem} Nothing was changed.\n`);
    return 2;
  }
  const now = Date.now();
  storePasswordHash(db, await hashPassword(password), now);
  recordAudit(db, 'password_set', commandLine, now);
  process.stdout.write('Password set. Every dashboard session was signed out.\n');
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const command = commands.find((known): known is Command => known === name);
  if (command === undefined) {
    process.stderr.write(usage);
    return name === undefined || name === 'help' || name === '--help' ? 0 : 2;
  }
  loadEnvFile();
  const db = openDatabase(loadConfig().dataDir);
  try {
    if (command === 'set-password') {
      return await setPassword(db);
    } else if (command === 'export') {
      const count = exportCsv(db, (chunk) => process.stdout.write(chunk));
      recordAudit(db, 'export', commandLine, Date.now());
      process.stderr.write(`Exported ${count} lead${count === 1 ? '' : 's'}.\n`);
    } else if (command === 'erase') {
      const [email] = rest;
      if (email === undefined || rest.length !== 1) {
        process.stderr.write('Give exactly one e-mail address: npm run leads -- erase <email>\n');
        return 2;
      }
      const erased = eraseLead(db, email);
      if (erased.leads > 0) recordAudit(db, 'erase', commandLine, Date.now());
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
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Messages of our own errors and SQLite's never hold an address; print them, not the stack.
  const message = error instanceof ConfigError ? `Configuration error: ${error.message}` : String((error as Error).message);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}
