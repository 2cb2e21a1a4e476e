/**
 * The baseline for the lead API's throughput: a bare Fastify app on 127.0.0.1 that does what any
 * app's smallest POST route does with the same request, and nothing of ours (no validation, no rate
 * limit, no security headers, no storage). The benchmark starts it as its own process (like the real
 * server), so it never shares an event loop with the load generator.
 *
 * Same as the real route, so the ratio compares like with like: the same request (the load sends the
 * same lead, scripts/bench/api-load.ts), its JSON body parsed (Fastify's own parser), no logging
 * (the bench runs the app with LOG_LEVEL=silent: no logger either), and an answer of the same shape
 * and size: 201 with `cache-control: no-store` and `{"id": <a new UUID>, "mail": "off"}`. (Until
 * 2026-11-26 it answered `{"ok":true}` without the header: a shorter answer than any real one.)
 *   PORT=3252 node --import tsx scripts/bench/bare-server.ts
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/leads', (_request, reply) => reply.code(201).header('cache-control', 'no-store').send({ id: randomUUID(), mail: 'off' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : address}`);
