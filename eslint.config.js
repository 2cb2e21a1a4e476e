import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import layersPlugin from './scripts/eslint-layers.js';

/**
 * The layers, enforced (paths resolved by our one rule, scripts/eslint-layers.js, so `../../src/app/paths`
 * and `./paths` are the same file). src/content is data (typed texts), not the app: the server and
 * src/shared may read it, and it may use the shared constants and types.
 */
const layers = [
  {
    target: './server',
    from: './src',
    except: ['./shared', './content'],
    message: 'The server imports only src/shared (rules both sides use) and src/content (texts).',
  },
  {
    // Tests too: the contract suite asserts storage's own answers, never the dashboard's.
    target: './server/storage',
    from: './src/shared/coach-api',
    message:
      "Storage answers with its own types (server/storage/dashboard-reads.ts, storage.ts); server/coach/ maps them to the dashboard's wire types (src/shared/coach-api/).",
  },
  { target: './src/features', from: './src/app', message: 'Screens do not import the app shell: shared routes are in src/shared/paths.ts.' },
  {
    target: './src/shared',
    from: './src',
    except: ['./shared', './content'],
    message: 'src/shared imports nothing of the app: only other shared rules and src/content.',
  },
  { target: './src/content', from: './src', except: ['./content', './shared'], message: 'src/content is data: it imports only texts and shared constants.' },
  {
    target: ['./src/*.ts', './src/*.tsx', './src/app', './src/features', './src/lib', './src/embed', './src/shared', './src/content', './src/test'],
    from: './src/coach',
    message: "The visitor's code never imports the coach's dashboard (its own bundle).",
  },
  {
    target: './src/coach',
    from: './src/features',
    except: ['./shared'],
    message: "The coach's bundle never imports a visitor's screen: what it shows of one (the results preview, a rating) lives in src/features/shared.",
  },
  {
    target: './src/coach',
    from: './src/embed',
    message: "The coach's bundle never imports src/embed (the script coaches paste, the framed quiz's side): what both use lives in src/lib or src/shared.",
  },
  ...screenZones('src/features', 'shared', 'src/features/shared'),
  ...screenZones('src/coach', 'content', 'src/coach itself (its texts: src/coach/content)'),
];

/**
 * One screen never imports another screen's folder, and the `shared` folder never imports a screen:
 * what two screens use moves to `sharedPlace`. The screens are the folders under `root`, found when
 * lint runs, so a new screen is held at once.
 */
function screenZones(root, shared, sharedPlace) {
  const folders = readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const screens = folders.filter((name) => name !== shared);
  return folders.map((folder) => ({
    target: `./${root}/${folder}`,
    from: screens.filter((screen) => screen !== folder).map((screen) => `./${root}/${screen}`),
    message:
      folder === shared
        ? `${root}/${shared} is what screens share: it imports none of them.`
        : `One screen never imports another screen's folder: what two screens use lives in ${sharedPlace}.`,
  }));
}

/**
 * The storage contract and its backends never import the domain: domain → contract ← backends. Nor
 * the mail, the settings or the outbox: what a lead queues is data it carries (`Routing`), never a
 * question storage asks them.
 */
const storageLayer = {
  target: './server/storage',
  from: ['./server/leads', './server/coach', './server/analytics', './server/webhooks', './server/mail', './server/settings', './server/outbox'],
  message: 'Storage never imports the domain: the contract (server/storage/storage.ts) owns the types both use.',
};

/** The domain reaches data through the contract (and open-storage, which picks the backend), never a backend itself. */
const domainLayer = {
  target: ['./server/leads', './server/coach', './server/analytics', './server/webhooks', './server/*.ts'],
  from: ['./server/storage/sqlite', './server/storage/postgres'],
  message: 'The domain reaches data only through the storage contract (server/storage/storage.ts, open-storage.ts).',
};

/** Each database driver is imported in its backend's folder only. */
const driver = (name, folder) => ({ name, message: `Only ${folder} imports ${name}: go through the storage contract, or that folder.` });
const sqliteDriver = driver('better-sqlite3', 'server/storage/sqlite/');
const postgresDriver = driver('pg', 'server/storage/postgres/');

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench-results', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { layers: layersPlugin },
    rules: {
      'layers/no-restricted-paths': ['error', { zones: layers }],
      'no-restricted-imports': ['error', { paths: [sqliteDriver, postgresDriver] }],
    },
  },
  {
    // Tests may reach across (the contract suite exercises the CSV export; tests look inside SQLite).
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**'],
    rules: { 'layers/no-restricted-paths': ['error', { zones: [...layers, storageLayer, domainLayer] }] },
  },
  {
    // A dashboard button that waits on the server keeps its focus: BusyButton (src/lib/busy-button.tsx)
    // marks it aria-disabled instead. `disabled` drops the focus to the page's body while it waits.
    // And a live region stays in the accessibility tree while empty (the `live-region` class).
    files: ['src/coach/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='disabled'] :matches(Identifier[name=/^(busy|checking|erasing|saving|sending|signingOut|submitting|testing)$/], Literal[value='busy'])",
          message: 'A button disabled while it waits drops the focus: use <BusyButton busy={…}> (src/lib/busy-button.tsx).',
        },
        {
          selector: ":matches(Literal[value=/empty:hidden/], TemplateElement[value.raw=/empty:hidden/])",
          message: 'An empty live region hidden with `empty:hidden` leaves the accessibility tree, and what arrives in it is often not announced: use the `live-region` class (coach.css).',
        },
      ],
    },
  },
  { files: ['server/storage/sqlite/**/*.ts'], rules: { 'no-restricted-imports': ['error', { paths: [postgresDriver] }] } },
  { files: ['server/storage/postgres/**/*.ts'], rules: { 'no-restricted-imports': ['error', { paths: [sqliteDriver] }] } },
);
