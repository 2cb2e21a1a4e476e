/**
 * GET /embed.js: the script coaches paste on their sites, with their popup look in it
 * (./embed-script.ts). Its name never changes, so it is revalidated on every load (`no-cache`, a
 * 304 while the ETag holds): a change on the dashboard reaches the coach's visitors on their next
 * page load. Other sites load it, so it is not same-origin only.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServedEmbedScript } from './embed-script';

export const EMBED_SCRIPT_PATH = '/embed.js';

/** The built files the static files plugin must leave to this route. */
export const embedScriptFiles = ['embed.js', 'embed.js.br', 'embed.js.gz'];

const accepts = (header: string | undefined, encoding: string) => new RegExp(`(^|,)\\s*${encoding}\\s*(;\\s*q=(?!0(\\.0*)?\\s*($|,))|,|$)`, 'i').test(header ?? '');

export const embedScriptRoutes: FastifyPluginAsync<{ script: ServedEmbedScript }> = async (app, { script }) => {
  app.get(EMBED_SCRIPT_PATH, async (request, reply) => {
    const version = script.current;
    reply
      .header('cache-control', 'no-cache')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('etag', version.etag)
      .header('vary', 'accept-encoding')
      .type('text/javascript; charset=utf-8');
    if (request.headers['if-none-match'] === version.etag) return reply.code(304).send();
    const wanted = request.headers['accept-encoding'];
    if (accepts(wanted, 'br')) return reply.header('content-encoding', 'br').send(version.br);
    if (accepts(wanted, 'gzip')) return reply.header('content-encoding', 'gzip').send(version.gzip);
    return reply.send(version.text);
  });
};
