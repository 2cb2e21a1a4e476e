/**
 * The baseline for the lead API's throughput: a bare Fastify app on 127.0.0.1 that parses a JSON
 * POST and answers 201, with no validation and no storage. The benchmark starts it as its own
 * process (like the real server), so it never shares an event loop with the load generator.
 *   PORT=3252 node --import tsx scripts/bench/bare-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/leads', (_request, reply) => reply.code(201).send({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`listening on ${typeof address === 'object' && address ? address.port : address}`);
