import { expect, test } from 'vitest';
import { parseBenchArgs } from './args';

test.each([
  [[], { runs: 3, build: true, smoke: false, connections: 100, parts: ['pages', 'lighthouse', 'interaction', 'api', 'dashboard', 'postgres', 'migrate', 'flood', 'mail'] }],
  [['--only=postgres,migrate'], { parts: ['postgres', 'migrate'] }],
  [['--quick'], { runs: 1 }],
  [['--runs=5', '--no-build'], { runs: 5, build: false }],
  [['--connections=32', '--only=api'], { connections: 32, parts: ['api'] }],
  [['--only=pages,lighthouse'], { parts: ['pages', 'lighthouse'] }],
  [['--only=interaction'], { parts: ['interaction'] }],
  [['--smoke', '--no-build'], { smoke: true, runs: 1, connections: 4, build: false, parts: ['pages', 'lighthouse', 'interaction', 'api', 'dashboard', 'postgres', 'migrate', 'flood', 'mail'] }],
])('%j gives %j', (args, expected) => {
  expect(parseBenchArgs(args)).toMatchObject(expected);
});

test.each([
  [['--runs=0'], /--runs must be a whole number/],
  [['--connections=many'], /--connections must be a whole number/],
  [['--only=fonts'], /--only takes pages, lighthouse, interaction, api/],
  [['--fast'], /Unknown option "--fast"/],
])('%j is refused with a message saying why', (args, message) => {
  expect(() => parseBenchArgs(args)).toThrow(message);
});
