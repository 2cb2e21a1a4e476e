/**
 * The coach's commands: `npm run coach -- set-password | reset-second-factor | export [--output <file>] | erase <email> |
 * stats | backup <file>` (`npm run leads -- ...` is the same). Reads DATA_DIR like the server (and
 * `.env`, if there is one), and never creates the database. Only `export` outputs personal data:
 * into the file named, or to stdout for a redirect. Exports, erasures and password changes go in
 * the audit log.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvFile } from '../env-file';
import { ConfigError, loadConfig } from '../config';
import { csvChunks, writeCsv } from '../leads/export';
import { backupStorage, DATABASE_FILE, openCommandStorage } from '../storage/open-storage';
import { type OutboxChannel, outboxChannels, type Storage } from '../storage/storage';
import { migrateToPostgres } from './migrate-to-postgres';
import { commandLineEraseRow } from '../email-tool/tool-erase';
import { keySourceOf, loadSecretBox } from '../settings/secret-box';
import { SettingsService } from '../settings/service';
import { readSecret } from './read-secret';
import { hashPassword, passwordProblem } from '../coach/password';

const commands = ['set-password', 'reset-second-factor', 'export', 'erase', 'stats', 'backup', 'migrate-to-postgres'] as const;
type Command = (typeof commands)[number];

const usage = `Usage: npm run coach -- <command>   (npm run leads -- <command> works too)

  set-password             set the dashboard's password (at least 12 characters), read from stdin:
                           typed without echo, or piped (printf '%s' "$PASSWORD" | npm run coach -- set-password).
                           Signs out every dashboard session.
  reset-second-factor      turn the dashboard's second factor (authenticator app codes) off, for a coach who
                           lost their phone and recovery codes; passkeys stay. Sign in with the password, then
                           turn it on again from the dashboard
  export --output <file>   every lead as CSV, into that file (readable by you only)
  export                   the same on stdout: npm run --silent coach -- export > leads.csv
                           (without --silent, npm puts its own lines ahead of the CSV)
  erase <email>            remove that person's lead, submissions and pending deliveries for good
  stats                    counts of leads and submissions, and the deliveries' backlog (on each channel)
  backup <file>            a consistent copy of the database in one new file, safe while the server runs
                           (SQLite; on Postgres use pg_dump, see server/docs/postgres.md)
  migrate-to-postgres      copy the SQLite database under DATA_DIR into the empty Postgres database of
                           DATABASE_URL (leads, outbox, sessions, audit log, counts), then compare counts
`;

const commandLine = { actor: 'command line' } as const;

/** Each channel in the words of `stats`. */
const channelWords: Record<OutboxChannel, string> = { webhook: 'webhook', email: 'results e-mail', tool: 'e-mail tool' };

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/** The file after `--output` (or `-o`); undefined for stdout; null when the arguments make no sense. */
function exportOutput(args: string[]): string | undefined | null {
  if (args.length === 0) return undefined;
  const [flag, file, ...extra] = args;
  const inline = flag?.startsWith('--output=') ? flag.slice('--output='.length) : undefined;
  if (inline !== undefined) return inline !== '' && file === undefined ? inline : null;
  return (flag === '--output' || flag === '-o') && file !== undefined && file !== '' && extra.length === 0 ? file : null;
}

/**
 * Writes the export to a file readable by its owner only: first beside it under a temporary name,
 * then renamed, so an export that fails half-way never replaces the last good one.
 */
async function exportToFile(storage: Storage, file: string): Promise<number> {
  const temporary = `${file}.partial-${process.pid}`;
  const fd = openSync(temporary, 'wx', 0o600);
  let open = true;
  try {
    const count = await writeCsv(csvChunks(storage), (chunk) => writeSync(fd, chunk));
    fsyncSync(fd);
    closeSync(fd);
    open = false;
    renameSync(temporary, file);
    return count;
  } catch (error) {
    if (open) closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
}

async function setPassword(storage: Storage, where: string): Promise<number> {
  const password = await readSecret('New dashboard password (at least 12 characters): ');
  const problem = passwordProblem(password);
  if (problem !== null) {
    process.stderr.write(`${problem} Nothing was changed.\n`);
    return 2;
  }
  const now = Date.now();
  await storage.sessions.storePasswordHash(await hashPassword(password), now);
  await storage.audit.record('password_set', commandLine, now);
  process.stdout.write(`Password set (in ${where}). Every dashboard session was signed out.\n`);
  return 0;
}

/**
 * The database the commands work on: Postgres with DATABASE_URL, else the SQLite file under
 * DATA_DIR. Only the server, and setting the password (often the coach's first step), create the
 * SQLite file: a mistyped DATA_DIR must not show an empty one. `where` names it for messages.
 */
async function openForCommands(config: ReturnType<typeof loadConfig>, command: Command): Promise<{ storage: Storage; where: string } | null> {
  if (config.database !== null) return { storage: await openCommandStorage(config), where: config.database.safeUrl };
  const file = join(config.dataDir, DATABASE_FILE);
  if (command !== 'set-password' && !existsSync(file)) {
    process.stderr.write(
      `No lead database in ${config.dataDir} (${DATABASE_FILE} is not there). Check DATA_DIR (in .env or the environment) and the folder you run this in; the server creates the database when it first starts.\n`,
    );
    return null;
  }
  return { storage: await openCommandStorage(config), where: file };
}

/** The settings' warnings go to stderr (they never name a lead). */
const stderrLog = { warn: (_details: object, message: string) => process.stderr.write(`${message}\n`), error: (_details: object, message: string) => process.stderr.write(`${message}\n`) };

/**
 * The e-mail tool is told of a command line's erase as of the dashboard's: a row of its outbox, sent
 * by the running server. Settings that cannot be read (a key missing) never stop the erase: it says so.
 */
async function toolEraseOf(storage: Storage, config: ReturnType<typeof loadConfig>, email: string) {
  try {
    const secrets = loadSecretBox(keySourceOf(config));
    const settings = await SettingsService.open({ table: storage.settings, environment: config.environmentSettings, secrets, log: stderrLog });
    return commandLineEraseRow(settings, secrets, email, Date.now());
  } catch (error) {
    process.stderr.write(`Your e-mail tool is not told of this erase (${error instanceof Error ? error.message : String(error)}): remove the person there by hand.\n`);
    return undefined;
  }
}

async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const command = commands.find((known): known is Command => known === name);
  if (command === undefined) {
    process.stderr.write(usage);
    return name === undefined || name === 'help' || name === '--help' ? 0 : 2;
  }
  loadEnvFile();
  const config = loadConfig();
  if (command === 'migrate-to-postgres') return migrateToPostgres(config);
  const opened = await openForCommands(config, command);
  if (opened === null) return 1;
  const { storage, where } = opened;
  try {
    if (command === 'set-password') {
      return await setPassword(storage, where);
    } else if (command === 'reset-second-factor') {
      await storage.access.clearSecondFactor();
      await storage.audit.record('second_factor_off', commandLine, Date.now());
      process.stdout.write(`The second factor is off (in ${where}): sign in with the password alone, then turn it on again on the dashboard.\n`);
    } else if (command === 'export') {
      const output = exportOutput(rest);
      if (output === null) {
        process.stderr.write('Usage: npm run coach -- export --output <file>   (or, for stdout: npm run --silent coach -- export)\n');
        return 2;
      }
      const count =
        output === undefined ? await writeCsv(csvChunks(storage), (chunk) => void process.stdout.write(chunk)) : await exportToFile(storage, output);
      await storage.audit.record('export', commandLine, Date.now());
      process.stderr.write(`Exported ${count} lead${count === 1 ? '' : 's'}${output === undefined ? '' : ` to ${output}`}.\n`);
    } else if (command === 'erase') {
      const [email] = rest;
      if (email === undefined || rest.length !== 1) {
        process.stderr.write('Give exactly one e-mail address: npm run leads -- erase <email>\n');
        return 2;
      }
      const toolErase = await toolEraseOf(storage, config, email);
      const erased = await storage.dashboard.eraseLead(email, toolErase);
      if (erased.leads > 0) await storage.audit.record('erase', commandLine, Date.now());
      // Never repeat the address: this output may end up in a terminal log or a ticket.
      process.stdout.write(
        erased.leads === 0
          ? 'No lead with that address: nothing to erase.\n'
          : `Erased 1 lead, ${erased.submissions} submission(s) and ${erased.pendingDeliveries} pending deliver${erased.pendingDeliveries === 1 ? 'y' : 'ies'} (every channel).\n` +
              (toolErase ? 'Your e-mail tool is told by the running server (see Deliveries on the dashboard).\n' : ''),
      );
    } else if (command === 'backup') {
      const [target] = rest;
      if (target === undefined || rest.length !== 1) {
        process.stderr.write('Give exactly one new file name: npm run leads -- backup <file>\n');
        return 2;
      }
      if (!backupStorage(storage, target)) {
        process.stderr.write('On Postgres, back up with pg_dump (see server/docs/postgres.md).\n');
        return 2;
      }
      process.stdout.write(`Backed up to ${target}.\n`);
    } else {
      const stats = await storage.dashboard.leadStats(Date.now());
      const waiting = await storage.dashboard.pendingByChannel();
      const { outbox } = stats;
      process.stdout.write(
        [
          `Leads:        ${stats.leads}`,
          `Submissions:  ${stats.submissions} (${stats.submissionsLast24h} in the last 24 h, ${stats.submissionsLast7d} in the last 7 days)`,
          `Deliveries:   ${outbox.pending} waiting, ${outbox.delivered} delivered, ${outbox.gone} refused for good, ${outbox.expired} given up (every channel)`,
          `Waiting:      ${outboxChannels.map((channel) => `${waiting[channel]} ${channelWords[channel]}`).join(', ')}`,
          ...(outbox.oldestPendingAgeMs === null ? [] : [`Oldest waiting delivery: ${formatAge(outbox.oldestPendingAgeMs)}`]),
          '',
        ].join('\n'),
      );
    }
    return 0;
  } finally {
    await storage.close();
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
