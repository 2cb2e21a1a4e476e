/**
 * The id of a new outbox row (`message_id`): `msg_` and a UUIDv7 (RFC 9562), the same on every
 * attempt: the webhook's `webhook-id`, the left part of the results e-mail's Message-ID, the
 * e-mail tool's push. Its first 48 bits are the time in milliseconds and, within one millisecond,
 * a counter follows, so ids made one after the other sort in that order. The rest is random:
 * unique across instances too. Nothing looks a row up by its id, so the outbox keeps no index on
 * it (migration 25 dropped the UNIQUE that guarded it: one more b-tree written per queued
 * delivery). Rows stored before keep their random (v4) ids; nothing reads an order or a time from an id.
 */
import { uuidv7 } from 'uuidv7';

export const newMessageId = (): string => `msg_${uuidv7()}`;
