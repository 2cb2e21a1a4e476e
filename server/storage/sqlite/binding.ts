/**
 * Which better-sqlite3 this Node loads. Every SQLite file the server, the CLI, the bench and the
 * tests open goes through `openSqlite`.
 *
 * better-sqlite3 12 can abort the whole process on Node 24 (`Assertion failed: (env) != nullptr`
 * in `Statement::~Statement`: Node 24's ObjectWrap removes a cleanup hook that is already gone,
 * WiseLibs/better-sqlite3#1515). Version 13 is rebuilt on Node-API and fixes that, but it needs
 * Node-API 10, which Node 20 lacks (22.14+ and 24 have it). So both are installed: 12 as
 * `better-sqlite3`, 13 as the optional alias `better-sqlite3-13`, which npm skips on Node 20.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

type SqliteBinding = 'better-sqlite3' | 'better-sqlite3-13';

/** The first Node-API version better-sqlite3 13 runs on. */
const NAPI_FOR_BETTER_SQLITE3_13 = 10;

/** 13 where Node-API 10 is there (Node 22.14+, 24), else 12 (Node 20). */
export function sqliteBindingFor(napiVersion: string | undefined): SqliteBinding {
  return Number(napiVersion) >= NAPI_FOR_BETTER_SQLITE3_13 ? 'better-sqlite3-13' : 'better-sqlite3';
}

/** A SQLite connection. Code outside server/storage/sqlite/ names the type through here, never through better-sqlite3. */
export type SqliteDatabase = BetterSqlite3.Database;

const binding = sqliteBindingFor(process.versions.napi);
let loaded: typeof BetterSqlite3 | undefined;

function load(): typeof BetterSqlite3 {
  if (loaded) return loaded;
  try {
    loaded = createRequire(import.meta.url)(binding) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `SQLite could not be loaded: ${binding} is missing or was built for another Node ` +
        `(this is Node ${process.versions.node}). Run \`npm ci\` again with this Node.`,
      { cause: error },
    );
  }
  return loaded;
}

/** Opens (or creates) a SQLite file with the binding this Node runs safely. */
export function openSqlite(file: string, options?: BetterSqlite3.Options): SqliteDatabase {
  const Database = load();
  return new Database(file, options);
}
