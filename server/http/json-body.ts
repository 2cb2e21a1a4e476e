/**
 * The one JSON body parser: bodies are parsed as JSON.parse does, with a limit, and refused with
 * a message of their own when empty, broken, or holding a key that would change an object's
 * prototype. Every refusal goes through the error path (./errors.ts) by its code.
 */
import type { FastifyInstance } from 'fastify';
import { refusalsByCode } from '../client-errors';

/** A lead is well under 1 KiB; anything much bigger is refused with 413 before it is read. */
export const BODY_LIMIT_BYTES = 4 * 1024;

/** An error that the one refusal path answers with the entry of `refusalsByCode` for its code. */
const refusal = (code: string) => Object.assign(new Error(code), { code, statusCode: refusalsByCode[code]?.status ?? 400 });

/**
 * A key that would change an object's prototype if the body were ever merged into another object
 * (what secure-json-parse refuses). JSON.parse itself only makes it an ordinary key.
 */
function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, child]) =>
      key === '__proto__' ||
      (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) ||
      hasForbiddenKey(child),
  );
}

export function useJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(refusal('FST_ERR_CTP_EMPTY_JSON_BODY'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(body as string);
    } catch {
      return done(refusal('FST_ERR_CTP_INVALID_JSON_BODY'), undefined);
    }
    // Only a body that spells one of the keys, or escapes a character (\u005f_proto__), can hold one.
    const mayHoldForbiddenKey = /__proto__|constructor|\\u/.test(body as string);
    if (mayHoldForbiddenKey && hasForbiddenKey(value)) return done(refusal('FORBIDDEN_JSON_KEY'), undefined);
    done(null, value);
  });
}
