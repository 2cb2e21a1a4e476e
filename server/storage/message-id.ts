/**
 * The id of a new outbox row (`message_id`): `msg_` and a UUIDv7 (RFC 9562), the same on every
 * attempt: the webhook's `webhook-id`, the left part of the results e-mail's Message-ID, the
 * e-mail tool's push. Its first 48 bits are the time in milliseconds and, within one millisecond,
 * a counter follows, so ids made one after the other sort in that order: the outbox's UNIQUE index
 * on it grows at its right edge, one page per many leads, where a random id dirtied a random page
 * of it for each lead (and SQLite wrote that page to the WAL at every commit). The rest is random:
 * unique across instances too. Rows stored before keep their random (v4) ids; nothing reads an
 * order or a time from an id.
 */
import { uuidv7 } from 'uuidv7';

export const newMessageId = (): string => `msg_${uuidv7()}`;
