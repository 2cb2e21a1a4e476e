/**
 * `npm run bench` must not break unnoticed between the times someone runs it: every part of it, once,
 * at the smallest size (`--smoke`: a second of load without warm-up, 2,000 seeded leads over 30
 * days, 4 wrong sign-ins, one Lighthouse run), on the build this test run made. Its figures mean nothing here; that each part runs to its
 * row in the table does (a part that throws fails the run, and so this test).
 */
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;

/** The table's rows (`| figure | median | target | met |`), by figure. */
function tableRows(output: string): Map<string, { value: string; met: string }> {
  const rows = new Map<string, { value: string; met: string }>();
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length === 6 && cells[1]) rows.set(cells[1], { value: cells[2] ?? '', met: cells[4] ?? '' });
  }
  return rows;
}

test('every part of the benchmark runs (npm run bench -- --smoke)', async () => {
  // About two minutes on an idle 2-core machine: nine servers and Postgres start, one Lighthouse run.
  test.setTimeout(900_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--smoke', '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, `the benchmark failed:\n${stderr.slice(-4000)}`).toBe(0);

  const rows = tableRows(stdout);
  const figures = [...rows.keys()];
  const part = (figure: RegExp) => expect(figures.filter((name) => figure.test(name)), `a row matching ${figure}`).not.toEqual([]);
  part(/^\/results first-load JS/); // pages
  part(/^\/ Lighthouse perf/); // lighthouse
  part(/^\/quiz answer click to next paint/); // interaction
  part(/^leads\/s ÷ bare answers\/s$/); // api
  part(/^dashboard GET leads, newest page/); // dashboard (signed in with both cookies)
  part(/^dashboard DELETE lead/);
  part(/^on Postgres, 2 instances on one database/); // postgres
  part(/^migrate-to-postgres/); // migrate
  part(/parallel wrong sign-ins: static asset/); // flood
  part(/^POST \/api\/leads, mail off \/ on \(same run\)/); // mail
  expect(rows.get('POST /api/leads non-2xx answers')?.met).toBe('yes');
  expect([...rows].find(([name]) => name.startsWith('migrate-to-postgres'))?.[1].met, 'the migration’s counts match').toBe('yes');
});
