/**
 * The graceful stop, in one process and without timing luck: a lead held in flight (another
 * connection holds the database's write lock) is answered 201 after drain() began, a new request
 * on an open connection gets a 503 with the security headers, and close() then closes the store.
 */
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { openSqlite } from './storage/sqlite/binding';
import { afterEach, expect, test } from 'vitest';
import { DATABASE_FILE } from './storage/sqlite/connection';
import { postLead, type RunningApp, startApp, testConfig, validLead } from './test/helpers';

let running: RunningApp | undefined;

afterEach(async () => {
  await running?.app.close();
  running = undefined;
});

/** Reads one whole answer (until the server closes the connection). */
function answerOn(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
}

// Drain also waits for the lead's own connection to pass its announced keep-alive timeout (seconds):
// with the start, some 4.5 s on an idle machine, over vitest's default 5 s on a busy one.
test('drain answers the request in flight, refuses a new one with 503 and the headers, then close() ends the store', { timeout: 30_000 }, async () => {
  const config = testConfig();
  running = await startApp(config);
  const { app, url } = running;
  const port = Number(new URL(url).port);

  // An open, idle connection, as a browser keeps one.
  const idle = connect(port, '127.0.0.1');
  await new Promise((resolve) => idle.once('connect', resolve));

  // Another connection holds the write lock: the lead waits in flight (retried every 5 ms).
  const blocker = openSqlite(join(config.dataDir, DATABASE_FILE));
  blocker.exec('BEGIN IMMEDIATE');
  const inFlight = postLead(url, validLead);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const drained = app.drain(5_000);
  await new Promise((resolve) => setTimeout(resolve, 100));

  // A new request on the open connection is refused, in JSON, with the headers, and closed.
  const answer = answerOn(idle);
  idle.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  const refused = await answer;
  expect(refused).toMatch(/^HTTP\/1\.1 503 /);
  expect(refused).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
  expect(refused).toMatch(/\r\nretry-after: 5\r\n/i);
  expect(refused).toMatch(/\r\nconnection: close\r\n/i);
  expect(refused).toContain('"error":"shutting_down"');

  // A new connection is not accepted at all.
  const refusedConnection = await new Promise<string>((resolve) => {
    const late = connect(port, '127.0.0.1');
    late.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''));
    late.on('connect', () => resolve('connected'));
  });
  expect(refusedConnection).toBe('ECONNREFUSED');

  // The lead in flight is still answered once the lock goes, and drain waits for it.
  let drainedYet = false;
  void drained.then(() => (drainedYet = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(drainedYet).toBe(false);
  blocker.exec('ROLLBACK');
  blocker.close();
  const response = await inFlight;
  expect(response.status).toBe(201);
  await drained;

  await app.close();
  running = undefined;
  // The storage thread closed the database and stopped.
  await expect(app.storage.sessions.readPasswordHash()).rejects.toThrow(/storage thread stopped/);
});

test('while draining, a POST whose body comes after its headers gets its 503 once the body is read, and the connection ends cleanly (no reset)', async () => {
  running = await startApp(testConfig());
  const { app, url } = running;
  const idle = connect(Number(new URL(url).port), '127.0.0.1');
  await new Promise((resolve) => idle.once('connect', resolve));
  const drained = app.drain(5_000);

  const body = JSON.stringify(validLead);
  let text = '';
  let error = '';
  idle.on('data', (chunk: Buffer) => (text += chunk.toString()));
  idle.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
  const closed = new Promise((resolve) => idle.on('close', resolve));
  idle.write(`POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 150));
  // Nothing yet: answering now and closing would leave the body unread, and the kernel would reset.
  expect(text).toBe('');
  idle.write(body);
  await closed;
  expect(error).toBe('');
  expect(text).toMatch(/^HTTP\/1\.1 503 /);
  await drained;
});

test('a keep-alive client that pauses before its next request still gets the 503, not a reset, however long it pauses within the deadline', async () => {
  running = await startApp(testConfig());
  const { app, url } = running;
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  let error = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
  socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  await expect.poll(() => text, { timeout: 5_000 }).toContain('"status":"ok"');
  text = '';

  // The stop as main.ts runs it; the client is busy elsewhere for a while (a loaded machine, a
  // slow phone), longer than any "quiet moment" a drain might wait for.
  let closedAt = 0;
  const stopped = app.drain(5_000).then(() => app.close()).then(() => (closedAt = performance.now()));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(closedAt).toBe(0);

  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  await closed;
  expect(error).toBe('');
  expect(text).toMatch(/^HTTP\/1\.1 503 /);
  await stopped;
  running = undefined;
});
