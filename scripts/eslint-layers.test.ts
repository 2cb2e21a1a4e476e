import { ESLint } from 'eslint';
import { beforeAll, expect, test } from 'vitest';

const eslint = new ESLint();

// The first lint loads the configuration and its plugins (seconds on a busy machine): done once
// here, with its own time limit, instead of inside whichever test comes first.
beforeAll(() => eslint.lintText('export const warm = 1;\n', { filePath: 'src/warm-up.ts' }), 60_000);

/** The messages ESLint gives `code` as if it stood at `filePath` (relative to the project root). */
async function lintAs(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const breaches = [
  { file: 'server/leads/breach.ts', imports: '../../src/app/app-routes', why: 'The server imports only src/shared' },
  { file: 'src/features/results/breach.ts', imports: '../../app/app-routes', why: 'Screens do not import the app shell' },
  { file: 'src/shared/breach.ts', imports: '../lib/lead-client', why: 'src/shared imports nothing of the app' },
  { file: 'src/features/quiz/breach.ts', imports: '../../coach/period', why: "The visitor's code never imports the coach's dashboard" },
  { file: 'src/breach.ts', imports: './coach/app', why: "The visitor's code never imports the coach's dashboard" },
  { file: 'server/storage/breach.ts', imports: '../leads/export', why: 'Storage never imports the domain' },
  { file: 'server/storage/sqlite/breach.ts', imports: '../../mail/mail-setup', why: 'Storage never imports the domain' },
  { file: 'server/storage/breach.ts', imports: '../settings/service', why: 'Storage never imports the domain' },
  { file: 'server/storage/postgres/breach.ts', imports: '../../outbox/delivery-loop', why: 'Storage never imports the domain' },
  { file: 'server/coach/breach.ts', imports: '../storage/sqlite/storage', why: 'The domain reaches data only through the storage contract' },
  { file: 'server/breach.ts', imports: './storage/postgres/storage', why: 'The domain reaches data only through the storage contract' },
  { file: 'server/analytics/breach.ts', imports: 'better-sqlite3', why: 'Only server/storage/sqlite/ imports better-sqlite3' },
  { file: 'server/storage/sqlite/breach.ts', imports: 'pg', why: 'Only server/storage/postgres/ imports pg' },
];

test.each(breaches)('lint refuses $file importing $imports', async ({ file, imports, why }) => {
  const messages = await lintAs(file, `import { x } from '${imports}';\nexport const y = x;\n`);
  expect(messages.join('\n')).toContain(why);
});

const allowed = [
  { file: 'server/leads/fine.ts', imports: '../../src/shared/paths' },
  { file: 'server/leads/fine.ts', imports: '../../src/content/drivers' },
  { file: 'server/leads/fine.ts', imports: '../storage/storage' },
  { file: 'src/features/results/fine.ts', imports: '../../shared/insights' },
  { file: 'src/coach/fine.ts', imports: '../shared/days' },
  { file: 'server/storage/sqlite/fine.ts', imports: 'better-sqlite3' },
];

test.each(allowed)('lint lets $file import $imports', async ({ file, imports }) => {
  const messages = await lintAs(file, `import { x } from '${imports}';\nexport const y = x;\n`);
  expect(messages.filter((message) => /restricted/.test(message))).toEqual([]);
});
