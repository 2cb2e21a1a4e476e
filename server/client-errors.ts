/**
 * Refusals answered with a fixed message that never echoes the input: the 4xx errors Fastify raises
 * itself (broken JSON, body too large, rate limit) and the ones the lead route shares with them.
 */
export const clientErrors: Record<number, { error: string; message: string }> = {
  400: { error: 'invalid_request', message: 'The request body is not valid JSON.' },
  404: { error: 'not_found', message: 'No such API endpoint.' },
  413: { error: 'payload_too_large', message: 'The request body is too large.' },
  415: { error: 'unsupported_media_type', message: 'Send the lead as application/json.' },
  429: { error: 'rate_limited', message: 'Too many submissions from this address. Please try again later.' },
};
