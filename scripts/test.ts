/**
 * `npm test`: the unit tests (`npm run test:unit`, Vitest) and the end-to-end tests (`npm run
 * test:e2e`, Playwright) at the same time, each line of their output marked with its side. Each
 * alone spends much of its time waiting (on servers, timers, child processes and the browser): one
 * after the other they took about 820 s on a quiet 2-core machine for about 1,000 s of CPU, so the
 * cores sat idle for a third of the run. Fails when either fails; both always run to the end, and
 * the summary says how long each took.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

type SuiteResult = { name: string; code: number | null; seconds: number };

const suites = [
  { name: 'unit', script: 'test:unit' },
  { name: 'e2e', script: 'test:e2e' },
] as const;

const root = fileURLToPath(new URL('../', import.meta.url));

function runSuite(name: string, script: string): Promise<SuiteResult> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.once('close', (code) => resolve({ name, code, seconds: (performance.now() - started) / 1000 }));
  });
}

/** The closing lines: each suite, passed or failed, and its wall time. */
function summary(results: SuiteResult[]): string {
  return results
    .map(({ name, code, seconds }) => `${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code ?? 'by signal'})`} in ${Math.round(seconds)} s`)
    .join('\n');
}

const results = await Promise.all(suites.map(({ name, script }) => runSuite(name, script)));
console.log(`\n${summary(results)}`);
process.exitCode = results.every(({ code }) => code === 0) ? 0 : 1;
