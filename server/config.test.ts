import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('defaults: 127.0.0.1:3000, ./data, no proxy trusted, no HSTS, no setting from the environment (no webhook, no allowed site)', () => {
  expect(loadConfig({})).toMatchObject({
    port: 3000,
    host: '127.0.0.1',
    dataDir: expect.stringMatching(/\/data$/),
    logLevel: 'info',
    trustProxy: false,
    rateLimit: { max: 10, windowMs: 60_000 },
    hstsMaxAge: 0,
    publicUrl: null,
    environmentSettings: {},
  });
});

test('reads every variable', () => {
  expect(
    loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/core-drivers',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1',
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
      LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      EVENTS_RATE_LIMIT_MAX: '600',
      EMBED_ORIGINS: 'https://coach.example, https://www.coach.example',
      HSTS_MAX_AGE: '31536000',
    }),
  ).toMatchObject({
    port: 8080,
    host: '0.0.0.0',
    dataDir: '/var/lib/core-drivers',
    logLevel: 'warn',
    trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
    rateLimit: { max: 5, windowMs: 30_000 },
    eventsPerMinute: 600,
    hstsMaxAge: 31_536_000,
    // Settings the dashboard shows read-only: the environment wins.
    environmentSettings: {
      webhookUrl: 'https://hooks.example.com/leads',
      webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      embedOrigins: ['https://coach.example', 'https://www.coach.example'],
    },
  });
});

test.each([
  ['', undefined],
  ['https://coach.example', ['https://coach.example']],
  ['https://coach.example/', ['https://coach.example']],
  ['HTTPS://Coach.Example:8443', ['https://coach.example:8443']],
  ['https://a.example https://b.example,https://a.example', ['https://a.example', 'https://b.example']],
  ['http://127.0.0.2:4215, http://localhost:8080', ['http://127.0.0.2:4215', 'http://localhost:8080']],
])('EMBED_ORIGINS=%j allows %j to frame the quiz (empty: the dashboard decides)', (value, origins) => {
  expect(loadConfig({ EMBED_ORIGINS: value }).environmentSettings.embedOrigins).toEqual(origins);
});

test('FRAME_ANCESTORS is refused with a message pointing to EMBED_ORIGINS', () => {
  expect(() => loadConfig({ FRAME_ANCESTORS: 'none' })).toThrow(/FRAME_ANCESTORS is replaced by EMBED_ORIGINS/);
});

test.each(['off', 'false', ''])('TRUST_PROXY=%j trusts no proxy', (value) => {
  expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
});

const longSecret = 'a-shared-secret-of-thirty-two-chars';

test.each([
  ['PORT', { PORT: 'abc' }],
  ['PORT', { PORT: '-1' }],
  ['PORT', { PORT: '70000' }],
  ['PORT', { PORT: '3.5' }],
  ['HOST', { HOST: 'http://0.0.0.0:3000' }],
  ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
  ['TRUST_PROXY', { TRUST_PROXY: '*' }],
  ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
  ['TRUST_PROXY', { TRUST_PROXY: '2' }],
  ['LEAD_WEBHOOK_URL', { LEAD_WEBHOOK_URL: 'not a url', LEAD_WEBHOOK_SECRET: longSecret }],
  ['LEAD_WEBHOOK_URL', { LEAD_WEBHOOK_URL: 'http://hooks.example.com/leads', LEAD_WEBHOOK_SECRET: longSecret }],
  ['LEAD_WEBHOOK_SECRET', { LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads', LEAD_WEBHOOK_SECRET: 'short' }],
  ['LEAD_WEBHOOK_SECRET', { LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads', LEAD_WEBHOOK_SECRET: 'whsec_!!' }],
  ['RATE_LIMIT_MAX', { RATE_LIMIT_MAX: '0' }],
  ['RATE_LIMIT_WINDOW_SECONDS', { RATE_LIMIT_WINDOW_SECONDS: 'a minute' }],
  // Fewer than one quiz run's 14 steps would cut every run short.
  ['EVENTS_RATE_LIMIT_MAX', { EVENTS_RATE_LIMIT_MAX: '13' }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: 'http://insecure.example' }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: 'https://coach.example/quiz-page' }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: 'https://*.coach.example' }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: 'coach.example' }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: "'self'" }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: '*' }],
  ['EMBED_ORIGINS', { EMBED_ORIGINS: 'https://coach.example?x=1' }],
  ['HSTS_MAX_AGE', { HSTS_MAX_AGE: 'yes' }],
])('a bad %s stops start-up with a message naming it', (name, env) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(name);
});

test('plain http webhooks are allowed only to this machine', () => {
  expect(loadConfig({ LEAD_WEBHOOK_URL: 'http://127.0.0.1:9000/hook', LEAD_WEBHOOK_SECRET: longSecret }).environmentSettings).toEqual({
    webhookUrl: 'http://127.0.0.1:9000/hook',
    webhookSecret: longSecret,
  });
});

test('each webhook variable may come alone: the other part can be set on the dashboard', () => {
  expect(loadConfig({ LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads' }).environmentSettings).toEqual({ webhookUrl: 'https://hooks.example.com/leads' });
  expect(loadConfig({ LEAD_WEBHOOK_SECRET: longSecret }).environmentSettings).toEqual({ webhookSecret: longSecret });
});

test.each([
  ['https://a%3Ab:pw-never-shown@hooks.example.com/x', /user name in it cannot hold a colon/],
  ['https://user:pw-never-shown%zz@hooks.example.com/x', /broken %-code/],
])('credentials basic authorization cannot carry stop the start, naming the variable, without repeating them: %s', (raw, message) => {
  expect(() => loadConfig({ LEAD_WEBHOOK_URL: raw, LEAD_WEBHOOK_SECRET: longSecret })).toThrow(message);
  expect(() => loadConfig({ LEAD_WEBHOOK_URL: raw, LEAD_WEBHOOK_SECRET: longSecret })).toThrow(
    expect.objectContaining({ message: expect.stringContaining('LEAD_WEBHOOK_URL') }),
  );
  expect(() => loadConfig({ LEAD_WEBHOOK_URL: raw, LEAD_WEBHOOK_SECRET: longSecret })).toThrow(
    expect.objectContaining({ message: expect.not.stringContaining('never-shown') }),
  );
});

test('a bad webhook secret is never repeated in the error message', () => {
  const secret = 'whsec_not base64 but secret';
  expect(() => loadConfig({ LEAD_WEBHOOK_URL: 'https://hooks.example.com', LEAD_WEBHOOK_SECRET: secret })).toThrow(
    expect.objectContaining({ message: expect.not.stringContaining('not base64') }),
  );
});

test('.env.example, as shipped, is a valid configuration', async () => {
  const { readFileSync } = await import('node:fs');
  const { parseEnv } = await import('node:util');
  const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
  expect(() => loadConfig(parseEnv(example))).not.toThrow();
});

test('.env.example lists every build-time setting the pages read (VITE_* in src/vite-env.d.ts)', async () => {
  const { readFileSync } = await import('node:fs');
  const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
  const declared = readFileSync(new URL('../src/vite-env.d.ts', import.meta.url), 'utf8').match(/VITE_[A-Z_]+/g) ?? [];
  expect(declared.length).toBeGreaterThan(0);
  for (const name of declared) expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
});

test.each([
  [{}, 0, null],
  [{ PUBLIC_URL: 'http://127.0.0.1:3000' }, 0, 'http://127.0.0.1:3000'],
  [{ PUBLIC_URL: 'https://quiz.coach.example/' }, 31_536_000, 'https://quiz.coach.example'],
  [{ PUBLIC_URL: 'https://quiz.coach.example', HSTS_MAX_AGE: '0' }, 0, 'https://quiz.coach.example'],
  [{ PUBLIC_URL: 'https://quiz.coach.example', HSTS_MAX_AGE: '63072000' }, 63_072_000, 'https://quiz.coach.example'],
  [{ HSTS_MAX_AGE: '300' }, 300, null],
])('HSTS is on by default when the public URL is https: %j gives max-age %d', (env, hstsMaxAge, publicUrl) => {
  expect(loadConfig(env)).toMatchObject({ hstsMaxAge, publicUrl });
});

test.each(['quiz.coach.example', 'ftp://quiz.coach.example', 'https://'])('PUBLIC_URL=%j is refused, naming the variable', (value) => {
  expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL must/);
});

const mailBase = { SMTP_URL: 'smtp://coach:s3cret%2Fpass@smtp.example.com:587', MAIL_FROM: 'Sam Rivera <coach@Coach.Example>', PUBLIC_URL: 'https://quiz.example.com' };

test('mail is off by default; SMTP_URL and MAIL_FROM are settings the server sets (they win over the dashboard), with the link lifetime and course address', () => {
  expect(loadConfig({})).toMatchObject({ profileLinkDays: 90, courseUrl: 'https://example.com/core-drivers-course' });
  expect(loadConfig({}).environmentSettings).not.toHaveProperty('smtpUrl');
  expect(loadConfig({ ...mailBase, PROFILE_LINK_DAYS: '30', VITE_COURSE_URL: 'https://coach.example/course' })).toMatchObject({
    environmentSettings: { smtpUrl: 'smtp://coach:s3cret%2Fpass@smtp.example.com:587', mailFrom: 'Sam Rivera <coach@Coach.Example>' },
    profileLinkDays: 30,
    courseUrl: 'https://coach.example/course',
  });
});

test('either may come from the settings screen instead: one alone on the server starts', () => {
  expect(loadConfig({ MAIL_FROM: 'coach@example.com' }).environmentSettings).toMatchObject({ mailFrom: 'coach@example.com' });
  expect(loadConfig({ SMTP_URL: mailBase.SMTP_URL, PUBLIC_URL: mailBase.PUBLIC_URL }).environmentSettings).toMatchObject({ smtpUrl: mailBase.SMTP_URL });
});

test.each([
  ['another scheme', { ...mailBase, SMTP_URL: 'https://coach:s3cret@smtp.example.com' }, /^SMTP_URL is not valid\. Mail server \(SMTP\): start it with smtp:\/\/ or smtps:\/\//],
  ['not a URL', { ...mailBase, SMTP_URL: 'smtp.example.com:587' }, /^SMTP_URL is not valid/],
  ['MAIL_FROM not an address', { ...mailBase, MAIL_FROM: 'Sam Rivera' }, /^MAIL_FROM is not valid\. Sender address: use one e-mail address/],
  ['MAIL_FROM two addresses', { ...mailBase, MAIL_FROM: 'a@example.com, b@example.com' }, /^MAIL_FROM is not valid\. Sender address: use one e-mail address/],
  ['no PUBLIC_URL for the links', { SMTP_URL: mailBase.SMTP_URL, MAIL_FROM: mailBase.MAIL_FROM }, /PUBLIC_URL must be set when SMTP_URL is/],
  ['PROFILE_LINK_DAYS of 0', { ...mailBase, PROFILE_LINK_DAYS: '0' }, /PROFILE_LINK_DAYS must be a whole number from 1 to 3650/],
])('%s is refused, naming the variable', (_name, env, message) => {
  expect(() => loadConfig(env)).toThrow(message);
});

test('no message about SMTP_URL repeats its password', () => {
  for (const env of [{ SMTP_URL: 'smtp://coach:hunter2secret@' }, { ...mailBase, SMTP_URL: 'ftp://coach:hunter2secret@host' }]) {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2secret');
    }
  }
});

test('OUTBOUND_ALLOWED_HOSTS: external unless set; an entry that means nothing stops the start, naming it', () => {
  expect(loadConfig({}).outbound.allows('127.0.0.1', '127.0.0.1')).toBe(false);
  expect(loadConfig({}).outbound.allows('93.184.216.34', 'example.com')).toBe(true);
  expect(loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'external, loopback' }).outbound.allows('127.0.0.1', 'localhost')).toBe(true);
  expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'external, 10.0.0.0/40' })).toThrow(/^OUTBOUND_ALLOWED_HOSTS must be .*"10\.0\.0\.0\/40" is none of these/);
});

test.each([
  ['neither: a minute', {}, 60_000],
  ['OUTBOX_LEASE_SECONDS', { OUTBOX_LEASE_SECONDS: '20' }, 20_000],
  ['WEBHOOK_LEASE_SECONDS, its old name, still works', { WEBHOOK_LEASE_SECONDS: '15' }, 15_000],
  ['both, the same', { OUTBOX_LEASE_SECONDS: '30', WEBHOOK_LEASE_SECONDS: '30' }, 30_000],
])('the outbox lease (webhook and e-mail): %s', (_name, env, leaseMs) => {
  expect(loadConfig(env).outboxLeaseMs).toBe(leaseMs);
});

test.each([
  [{ OUTBOX_LEASE_SECONDS: '30', WEBHOOK_LEASE_SECONDS: '10' }, /OUTBOX_LEASE_SECONDS \(30\) and WEBHOOK_LEASE_SECONDS, its old name \(10\), differ/],
  [{ OUTBOX_LEASE_SECONDS: '90' }, /^OUTBOX_LEASE_SECONDS must be a whole number from 5 to 60, got "90"\.$/],
  [{ WEBHOOK_LEASE_SECONDS: '2' }, /^WEBHOOK_LEASE_SECONDS must be a whole number from 5 to 60, got "2"\.$/],
])('a lease that cannot be used stops the start, naming the variable: %j', (env, message) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(message);
});
