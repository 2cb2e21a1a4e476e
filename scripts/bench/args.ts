/** The benchmark's command-line options. */

export const benchParts = ['pages', 'lighthouse', 'interaction', 'api', 'dashboard', 'postgres', 'migrate', 'flood', 'mail'] as const;
export type BenchPart = (typeof benchParts)[number];

export type BenchOptions = {
  runs: number;
  build: boolean;
  /** Concurrent connections of the API load test. */
  connections: number;
  parts: BenchPart[];
  /**
   * Every part once, at the smallest size (a second of load, a few thousand leads): proves the
   * benchmark still runs whole (e2e/bench-smoke.spec.ts); its figures mean nothing, none is saved.
   */
  smoke: boolean;
};

export const defaultRuns = 3;
/**
 * 100 concurrent clients: a loaded server. Group commit shares one fsync among the leads that arrive
 * together; with only 10 clients at most 10 share it and every answer waits for a whole fsync, so
 * the figure would measure the disk's latency rather than the API's capacity. The bare endpoint is
 * measured at the same concurrency.
 */
export const defaultConnections = 100;
/** The smoke run's load: a few connections are enough to exercise every part. */
export const smokeConnections = 4;

export const benchUsage = [
  'npm run bench -- [--quick] [--smoke] [--runs=N] [--no-build] [--connections=N] [--only=pages,lighthouse,interaction,api,dashboard,postgres,migrate,flood,mail]',
  '  --quick            one run instead of 3',
  '  --smoke            every part once at the smallest size, to check that the benchmark runs (figures mean nothing, none saved)',
  '  --runs=N           N runs; every figure is the median',
  '  --no-build         measure the current dist/ instead of building first',
  `  --connections=N    concurrent connections of the API load test (default ${defaultConnections})`,
  '  --only=LIST        measure only these parts: pages (first loads), lighthouse, interaction (answer click to paint), api,',
  '                     dashboard (1M leads), postgres (leads/s on Postgres, 1 and 2 instances), migrate (migrate-to-postgres, 100,000 people),',
  '                     flood (25 wrong sign-ins at once beside an asset and leads)',
  '                     mail (leads/s with mail off and on, e-mails/s to a local SMTP sink)',
].join('\n');

function wholeNumber(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a whole number of at least 1, got "${value}".`);
  return number;
}

export function parseBenchArgs(args: string[]): BenchOptions {
  const options: BenchOptions = { runs: defaultRuns, build: true, connections: defaultConnections, parts: [...benchParts], smoke: false };
  for (const arg of args) {
    const [name, value = ''] = arg.split('=', 2);
    if (name === '--quick') options.runs = 1;
    else if (name === '--smoke') Object.assign(options, { smoke: true, runs: 1, connections: smokeConnections });
    else if (name === '--runs') options.runs = wholeNumber(value, '--runs');
    else if (name === '--no-build') options.build = false;
    else if (name === '--connections') options.connections = wholeNumber(value, '--connections');
    else if (name === '--only') {
      const parts = value.split(',').filter(Boolean);
      const unknown = parts.filter((part) => !(benchParts as readonly string[]).includes(part));
      if (parts.length === 0 || unknown.length > 0) throw new Error(`--only takes ${benchParts.join(', ')}; got "${value}".`);
      options.parts = parts as BenchPart[];
    } else throw new Error(`Unknown option "${arg}".\n${benchUsage}`);
  }
  return options;
}
