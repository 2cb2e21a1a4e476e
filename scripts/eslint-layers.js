/**
 * The one lint rule of our own: `layers/no-restricted-paths`, which refuses an import that crosses a
 * layer (see the zones in eslint.config.js). It resolves each relative import to a path, so
 * `../../src/app/paths` and `./paths` are judged by where they lead, not by how they are spelled.
 *
 * Why not eslint-plugin-import-x's rule of the same name: that plugin needs `unrs-resolver`, whose
 * native builds for other platforms are optional dependencies; where the registry lacks one of them
 * (the mirror these machines use does), npm writes a package-lock.json that `npm ci` then refuses.
 * What we need of it is this: our imports are all relative (no path aliases), so resolving one is
 * `path.resolve`.
 *
 * A zone: `target` (the importing files) and `from` (what they may not import), each a path or a
 * list of paths relative to the project root; a last part with a `*` (`src/*.ts`) means the files
 * directly in that folder whose names match it. `except` lists paths relative to `from` that stay allowed. `message` says why.
 */
import { basename, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const list = (value) => (Array.isArray(value) ? value : [value]);

/** Whether `file` (absolute) lies under `pattern` (relative to `base`): a folder, a file, or `folder/*.ts`. */
function within(file, pattern, base) {
  const name = basename(pattern);
  if (name.includes('*')) {
    const matches = new RegExp(`^${name.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return dirname(file) === resolve(base, dirname(pattern)) && matches.test(basename(file));
  }
  const path = resolve(base, pattern);
  return file === path || file.startsWith(path + sep) || withoutExtension(file) === path;
}

const withoutExtension = (file) => file.replace(/\.(tsx?|jsx?|mjs|cjs|json)$/, '');

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses imports that cross the layers named in the zones.' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((zone) => list(zone.target).some((target) => within(file, target, root)));
    if (zones.length === 0) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = resolve(dirname(file), source);
      for (const zone of zones) {
        for (const from of list(zone.from)) {
          const base = resolve(root, from);
          if (!within(imported, from, root)) continue;
          if (list(zone.except ?? []).some((allowed) => within(imported, allowed, base))) continue;
          context.report({ node, message: `Unexpected path "${source}" imported in restricted zone. ${zone.message}` });
          return;
        }
      }
    }

    const fromSource = (node) => check(node.source, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => node.source && fromSource(node),
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
