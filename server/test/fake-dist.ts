import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './temp-dirs';

/** A minimal built site in a temp folder, so server tests need no `npm run build`. */
export function makeFakeDist(): string {
  const dir = makeTempDir('core-drivers-dist-');
  mkdirSync(join(dir, 'html'));
  mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
  const page = (body: string) => `<!doctype html><html lang="en"><head><title>Core Drivers</title></head><body>${body}</body></html>`;
  writeFileSync(join(dir, 'html', 'landing.html'), page('<h1>Discover Your Core Drivers</h1>'));
  writeFileSync(join(dir, 'html', 'quiz.html'), page('<h1>Impulse Control (Inhibition)</h1>'));
  writeFileSync(join(dir, 'html', 'results.html'), page('<div id="root"></div>'));
  writeFileSync(join(dir, 'html', 'profile.html'), page('<div id="root"></div><p>Profile</p>'));
  writeFileSync(join(dir, 'html', 'confirm.html'), page('<div id="root"></div><p>Confirm</p>'));
  writeFileSync(join(dir, 'html', 'coach.html'), page('<div id="root"></div><p>Coach dashboard</p>'));
  writeFileSync(join(dir, 'html', 'not-found.html'), page('<h1>404</h1><p>Oops! Page not found</p>'));
  writeFileSync(join(dir, 'client', 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(100));
  writeFileSync(join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'client', '.env'), 'SECRET=1');
  return dir;
}
