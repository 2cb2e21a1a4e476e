/**
 * The app factory: one Fastify instance that serves the built site (and, later, the lead API).
 * `server/main.ts` only boots it; tests build it, use it and close it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { knownPaths } from '../src/app/paths';
import type { ServerConfig } from './config';

/** Hashed build assets never change under the same name; everything else is revalidated. */
const immutableAssets = 'public, max-age=31536000, immutable';
const shortLivedFiles = 'public, max-age=3600';
const htmlPages = 'no-cache';

type Pages = { landing: string; app: string; notFound: string };

function readPages(distDir: string): Pages {
  const read = (name: string) => {
    const file = join(distDir, 'html', name);
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first.`);
    return readFileSync(file, 'utf8');
  };
  return { landing: read('landing.html'), app: read('app.html'), notFound: read('not-found.html') };
}

export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const pages = readPages(config.distDir);
  const app = Fastify({
    logger: config.logger,
    routerOptions: { ignoreTrailingSlash: true },
  });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root: join(config.distDir, 'client'),
    wildcard: false,
    index: false,
    dotfiles: 'ignore',
    // Sends dist/client/*.br or *.gz when the build wrote them, instead of compressing per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, path: string) {
      reply.header('cache-control', path.includes('/assets/') ? immutableAssets : shortLivedFiles);
    },
  });

  const sendPage = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', htmlPages).type('text/html; charset=utf-8').send(html);

  for (const path of knownPaths) {
    const html = path === '/' ? pages.landing : pages.app;
    app.get(path, (_request, reply) => sendPage(reply, html));
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ error: 'not_found', message: 'No such API endpoint.' });
    }
    return sendPage(reply, pages.notFound, 404);
  });

  return app;
}
