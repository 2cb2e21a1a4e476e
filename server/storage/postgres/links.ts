/**
 * The results e-mail's links on Postgres: stored by the hash of their token, read by the profile and
 * confirm pages of any instance. A confirm link is used by one UPDATE that only an unused, live link
 * passes, so two instances pressed at once confirm once. A link goes with its submission (ON DELETE
 * CASCADE): erasing the person kills it in the same transaction.
 */
import { newMessageId } from '../message-id';
import { LINK_SWEEP_AFTER_MS, linkedProfile, linkedSubmissionColumns, type LinkedSubmissionRow } from '../links';
import { confirmedChannels, type ConfirmResult, type LinkedProfile, type LinkStore, type NewLink, type Routing } from '../storage';
import { type PostgresPool, transaction } from './connection';

/** The results e-mail's links on Postgres. */
export function postgresLinks(pool: PostgresPool): LinkStore {
  let lastSweep = 0;
  return {
    async addLinks(links: NewLink[]): Promise<void> {
      if (links.length === 0) return;
      const now = links[0]?.createdAt ?? 0;
      await transaction(pool, async (client) => {
        if (now - lastSweep >= 60_000) {
          lastSweep = now;
          await client.query('DELETE FROM links WHERE expires_at < $1', [now - LINK_SWEEP_AFTER_MS]);
        }
        await client.query(
          `INSERT INTO links (token_hash, kind, submission_id, created_at, expires_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[])`,
          [
            links.map((link) => link.tokenHash),
            links.map((link) => link.kind),
            links.map((link) => link.submissionId),
            links.map((link) => link.createdAt),
            links.map((link) => link.expiresAt),
          ],
        );
      });
    },

    async profileByLink(tokenHash: string, now: number): Promise<LinkedProfile | null> {
      const { rows } = await pool.query<{ email: string; expires_at: number; submission_id: number }>(
        `SELECT s.email, l.expires_at, l.submission_id FROM links AS l JOIN submissions AS s ON s.id = l.submission_id
         WHERE l.token_hash = $1 AND l.kind = 'profile' AND l.expires_at > $2`,
        [tokenHash, now],
      );
      const link = rows[0];
      if (!link) return null;
      // The link's own submission and the one before it: a later one (anyone may submit any address) never shows.
      const own = await pool.query<LinkedSubmissionRow>(
        `SELECT ${linkedSubmissionColumns} FROM submissions WHERE email = $1 AND id <= $2 ORDER BY id DESC LIMIT 2`,
        [link.email, link.submission_id],
      );
      return linkedProfile(own.rows, link.expires_at);
    },

    async confirmByLink(tokenHash: string, now: number, routing: Routing): Promise<ConfirmResult | null> {
      return transaction(pool, async (client) => {
        const used = await client.query<{ submission_id: number }>(
          `UPDATE links SET used_at = $2 WHERE token_hash = $1 AND kind = 'confirm' AND used_at IS NULL AND expires_at > $2
           RETURNING submission_id`,
          [tokenHash, now],
        );
        const submissionId = used.rows[0]?.submission_id;
        if (submissionId === undefined) {
          // A used link again: a confirmed person hears that they are confirmed; nothing changes.
          const again = await client.query<{ at: number | null }>(
            `SELECT s.marketing_confirmed_at AS at FROM links AS l JOIN submissions AS s ON s.id = l.submission_id
             WHERE l.token_hash = $1 AND l.kind = 'confirm' AND l.used_at IS NOT NULL`,
            [tokenHash],
          );
          const at = again.rows[0]?.at ?? null;
          return at === null ? null : { confirmedAt: Number(at), queued: [] };
        }
        const confirmed = await client.query<{ at: number }>(
          `UPDATE submissions SET marketing_confirmed_at = $1 WHERE id = $2 AND marketing_consent = 1 AND marketing_confirmed_at IS NULL
           RETURNING marketing_confirmed_at AS at`,
          [now, submissionId],
        );
        const changed = confirmed.rows.length > 0;
        const at = changed
          ? now
          : (await client.query<{ at: number | null }>('SELECT marketing_confirmed_at AS at FROM submissions WHERE id = $1', [submissionId])).rows[0]?.at;
        if (at === null || at === undefined) return null;
        // The coach's tools hear of it once: when this press is the one that confirmed.
        const queued = changed ? confirmedChannels(routing) : [];
        for (const { channel, event } of queued) {
          await client.query(
            `INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event)
             VALUES ($1, $2, $3, $3, $4, $5)`,
            [newMessageId(), submissionId, now, channel, event],
          );
        }
        return { confirmedAt: at, queued: queued.map(({ channel }) => channel) };
      });
    },
  };
}
