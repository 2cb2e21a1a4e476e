/**
 * "Download a backup" (inside the coach API and its guard): GET /api/coach/backup.
 *
 * On SQLite: a consistent copy of the whole database taken while the server runs (VACUUM INTO, in
 * the storage thread), written first to a private file under DATA_DIR, streamed as
 * `core-drivers-backup-YYYY-MM-DD.db`, and removed once sent (or the download is cut). It holds
 * every lead committed before it began. Audit-logged. Restoring: stop the server, put the file in
 * place of DATA_DIR/leads.db, start it (server/docs/coach.md, "Backups").
 *
 * On Postgres: 409 `backup_elsewhere`; the backups are the database's own (server/docs/postgres.md).
 */
import { createReadStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { coachAccessApi } from '../../src/shared/coach-api/access';
import type { Actor, Storage } from '../storage/storage';
import { refuse } from './door';

type Options = { storage: Storage; dataDir: string; now: () => number; actor: (request: FastifyRequest) => Actor };

export const backupFileName = (now: number) => `core-drivers-backup-${new Date(now).toISOString().slice(0, 10)}.db`;

export const backupRoutes: FastifyPluginAsync<Options> = async (app, { storage, dataDir, now, actor }) => {
  app.get(coachAccessApi.backup, async (request, reply) => {
    if (storage.backend !== 'sqlite') {
      return refuse(reply, 409, 'backup_elsewhere', 'On Postgres, backups are the database’s own (pg_dump or your provider’s snapshots): see server/docs/postgres.md.');
    }
    const file = join(dataDir, `.backup-${randomBytes(8).toString('hex')}.db`);
    const removeFile = () => rmSync(file, { force: true });
    try {
      await storage.dashboard.writeBackup(file);
    } catch (error) {
      removeFile();
      throw error;
    }
    await storage.audit.record('backup', actor(request), now());
    const stream = createReadStream(file);
    stream.on('close', removeFile);
    return reply
      .type('application/vnd.sqlite3')
      .header('content-disposition', `attachment; filename="${backupFileName(now())}"`)
      .send(stream);
  });
};
