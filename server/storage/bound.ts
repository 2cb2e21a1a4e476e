/**
 * A part of the contract made of plain functions over one connection (each backend's SQL files):
 * `bound(db, { record: recordAudit, list: listAudit })` is that part, each function bound to the
 * connection and answering a promise. Adding a query to a part is adding its function to the map
 * in its backend's file; TypeScript checks the part against the contract (`satisfies AuditLog`).
 */
export type Bound<Connection, Functions> = {
  [Name in keyof Functions]: Functions[Name] extends (connection: Connection, ...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

export function bound<Connection, Functions extends Record<string, (connection: Connection, ...args: never[]) => unknown>>(
  connection: Connection,
  functions: Functions,
): Bound<Connection, Functions> {
  const entries = Object.entries(functions).map(([name, run]) => [name, async (...args: never[]) => run(connection, ...args)]);
  return Object.fromEntries(entries) as Bound<Connection, Functions>;
}
