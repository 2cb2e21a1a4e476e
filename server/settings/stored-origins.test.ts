/**
 * Allowed sites cannot write the page's security policy: a list stored before the strict rule
 * (src/shared/origins.ts) that holds `https://a.example;sandbox` is dropped at start-up with a log
 * line, and every page keeps a working policy.
 */
import { expect, test } from 'vitest';
import { captureLog, startApp, tempDir, testConfig } from '../test/helpers';
import { SqliteStorage } from '../storage/sqlite/storage';

test('a stored allowed-sites list that no longer passes is dropped at start-up, logged, and never reaches frame-ancestors', async () => {
  const dataDir = tempDir();
  const storage = await SqliteStorage.open(dataDir, {});
  await storage.settings.writeSettings({
    changes: { embedOrigins: JSON.stringify(['https://coach.example', 'https://a.example;sandbox']) },
    audit: { action: 'settings_changed', who: { actor: 'command line' }, fields: ['embedOrigins'] },
    now: Date.now(),
  });
  await storage.close();
  const log = captureLog();
  const { app, url } = await startApp(testConfig({ dataDir, logLevel: 'info' }), { logStream: log.stream });
  try {
    const policy = (await fetch(`${url}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(policy).not.toContain('sandbox');
    expect(log.lines.some((line) => line.includes('"setting":"embedOrigins"') && line.includes('the current rules refuse'))).toBe(true);
    expect(app.settings.values.embedOrigins).toEqual([]);
  } finally {
    await app.close();
  }
});
