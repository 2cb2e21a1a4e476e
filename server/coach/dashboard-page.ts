/**
 * Serves the coach's dashboard page (dist/html/coach.html, built by vite.coach.config.ts) at /coach
 * and any path below it. The page holds no data (the dashboard asks /api/coach/ for that, with a
 * session), but it is never stored by a browser or proxy, never framed (a framed dashboard could be
 * clickjacked into erasing a lead, whatever the allowed sites let frame the visitor's pages) and never
 * indexed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from '../security-headers';

export const DASHBOARD_PATH = '/coach';

export const dashboardPageHeaders = {
  'cache-control': 'no-store',
  'content-security-policy': contentSecurityPolicy("'none'", { blobImages: true }),
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
} as const;

export async function dashboardPage(app: FastifyInstance, options: { distDir: string }) {
  const file = join(options.distDir, 'html', 'coach.html');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first.`);
  const html = readFileSync(file, 'utf8');
  const send = (_request: unknown, reply: FastifyReply) =>
    reply.headers(dashboardPageHeaders).type('text/html; charset=utf-8').send(html);
  app.get(DASHBOARD_PATH, send);
  app.get(`${DASHBOARD_PATH}/*`, send);
}
