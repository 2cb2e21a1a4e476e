/**
 * The results e-mail's links on SQLite: stored by the hash of their token, read by the profile and
 * confirm pages. A link goes with its submission (ON DELETE CASCADE), so erasing the person kills
 * it in the same transaction.
 */
import { newMessageId } from '../message-id';
import { LINK_SWEEP_AFTER_MS, linkedProfile, linkedSubmissionColumns, type LinkedSubmissionRow } from '../links';
import { confirmedChannels, type ConfirmResult, type LinkStore, type NewLink, type OutboxChannel, type OutboxEvent, type Routing } from '../storage';
import type { SqliteDatabase } from './binding';

/** The results e-mail's links of a SQLite database. */
export function sqliteLinks(db: SqliteDatabase): LinkStore {
  const insert = db.prepare<[string, string, number, number, number]>(
    'INSERT INTO links (token_hash, kind, submission_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const sweep = db.prepare<[number]>('DELETE FROM links WHERE expires_at < ?');
  let lastSweep = 0;
  const add = db.transaction((links: NewLink[]) => {
    const now = links[0]?.createdAt ?? 0;
    if (now - lastSweep >= 60_000) {
      lastSweep = now;
      sweep.run(now - LINK_SWEEP_AFTER_MS);
    }
    for (const link of links) insert.run(link.tokenHash, link.kind, link.submissionId, link.createdAt, link.expiresAt);
  });

  const profileLink = db.prepare<[string, number], { email: string; expires_at: number; submission_id: number }>(
    `SELECT s.email, l.expires_at, l.submission_id FROM links AS l JOIN submissions AS s ON s.id = l.submission_id
     WHERE l.token_hash = ? AND l.kind = 'profile' AND l.expires_at > ?`,
  );
  // The link's own submission and the one before it: a later one (anyone may submit any address) never shows.
  const ownAndEarlier = db.prepare<[string, number], LinkedSubmissionRow>(
    `SELECT ${linkedSubmissionColumns} FROM submissions WHERE email = ? AND id <= ? ORDER BY id DESC LIMIT 2`,
  );

  const useConfirmLink = db.prepare<[number, string, number], { submission_id: number }>(
    `UPDATE links SET used_at = ? WHERE token_hash = ? AND kind = 'confirm' AND used_at IS NULL AND expires_at > ?
     RETURNING submission_id`,
  );
  const confirmSubmission = db.prepare<[number, number]>(
    'UPDATE submissions SET marketing_confirmed_at = ? WHERE id = ? AND marketing_consent = 1 AND marketing_confirmed_at IS NULL',
  );
  const confirmedAt = db.prepare<[number], { at: number | null }>('SELECT marketing_confirmed_at AS at FROM submissions WHERE id = ?');
  const confirmedByUsedLink = db.prepare<[string], { at: number | null }>(
    `SELECT s.marketing_confirmed_at AS at FROM links AS l JOIN submissions AS s ON s.id = l.submission_id
     WHERE l.token_hash = ? AND l.kind = 'confirm' AND l.used_at IS NOT NULL`,
  );
  const queueConfirmed = db.prepare<[string, number, number, number, OutboxChannel, OutboxEvent]>(
    'INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const confirm = db.transaction((tokenHash: string, now: number, routing: Routing): ConfirmResult | null => {
    const link = useConfirmLink.get(now, tokenHash, now);
    if (!link) {
      // A used link again: a confirmed person hears that they are confirmed; nothing changes.
      const at = confirmedByUsedLink.get(tokenHash)?.at ?? null;
      return at === null ? null : { confirmedAt: at, queued: [] };
    }
    const changed = confirmSubmission.run(now, link.submission_id).changes > 0;
    const at = confirmedAt.get(link.submission_id)?.at ?? null;
    if (at === null) return null;
    // The coach's tools hear of it once: when this press is the one that confirmed.
    const queued = changed ? confirmedChannels(routing) : [];
    for (const { channel, event } of queued) queueConfirmed.run(newMessageId(), link.submission_id, now, now, channel, event);
    return { confirmedAt: at, queued: queued.map(({ channel }) => channel) };
  });

  return {
    addLinks: async (links) => add.immediate(links),
    async profileByLink(tokenHash, now) {
      const link = profileLink.get(tokenHash, now);
      return link ? linkedProfile(ownAndEarlier.all(link.email, link.submission_id), link.expires_at) : null;
    },
    confirmByLink: async (tokenHash, now, routing) => confirm.immediate(tokenHash, now, routing),
  };
}
