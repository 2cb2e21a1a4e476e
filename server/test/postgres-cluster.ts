/**
 * A throwaway Postgres server from Debian's `postgresql` package: a new cluster in a temporary
 * folder, listening on 127.0.0.1 only, removed again when stopped. The tests start one per run
 * (server/test/postgres-global-setup.ts); the benchmark starts its own. Nothing is mocked.
 *
 * As root (CI containers), initdb and postgres run as the `postgres` user, which the package
 * creates: Postgres refuses to run as root.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const postgresInstallHint =
  "Postgres is needed: the tests and the benchmark start a throwaway server from Debian's package. Install it with `sudo apt-get install postgresql` (bash .ci/run does this), or set PG_BIN to the folder holding initdb and pg_ctl.";

/** The folder of initdb, pg_ctl and postgres: PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!existsSync(join(fromEnv, 'initdb'))) throw new Error(`PG_BIN=${fromEnv} holds no initdb. ${postgresInstallHint}`);
    return fromEnv;
  }
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(`No Postgres server binaries in ${base}. ${postgresInstallHint}`);
  return join(base, newest, 'bin');
}

/** A port in 54140-54199 (this project's range on shared machines) that nothing listens on, or any free one. */
async function freePort(): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  const first = Number(process.env.PG_TEST_PORT_FROM ?? 54140);
  for (let port = first; port < first + 60; port += 1) {
    const found = await tryPort(port);
    if (found !== null) return found;
  }
  const any = await tryPort(0);
  if (any === null) throw new Error('No free port for the test Postgres server.');
  return any;
}

export type PostgresCluster = {
  /** Connects as the superuser `postgres` to the database `postgres`. */
  url: string;
  port: number;
  stop(): void;
};

export type ClusterOptions = {
  /** Durable commits (fsync) as in production: for the benchmark. Tests turn fsync off for speed. */
  durable?: boolean;
};

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'core-drivers-pg-'));
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const data = join(dir, 'data');
  let started = false;
  try {
    if (asRoot) chownSync(dir, ...postgresUser());
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c max_connections=200',
      ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ].join(' ');
    run('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'server.log'), '-o', settings]);
    started = true;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      stop() {
        try {
          run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    if (started) run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
    remove();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Starting a throwaway Postgres server failed: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
}

/** The uid and gid of the `postgres` user the Debian package creates. */
function postgresUser(): [number, number] {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return [uid, gid];
  } catch {
    throw new Error(`There is no postgres user to run the test server as (we are root). ${postgresInstallHint}`);
  }
}

export { createDatabase } from '../storage/postgres/connection';
