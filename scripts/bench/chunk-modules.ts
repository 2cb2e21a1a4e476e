/**
 * A build plugin that records which source modules ended up in which output chunk, beside Vite's
 * manifest: dist/client/.vite/chunk-modules.json maps each chunk's file name (e.g.
 * "assets/index-abc.js") to the module paths it bundles, relative to the project root
 * ("src/main.tsx", "node_modules/react-dom/cjs/react-dom-client.production.js").
 * The manifest alone cannot tell whether a library (sonner, canvas-confetti) was bundled into a
 * chunk; this map can, so the budgets identify chunks by module, never by guessing file names.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

export const chunkModulesFile = '.vite/chunk-modules.json';

export type ChunkModules = Record<string, string[]>;

/** A module id as a path relative to the project root, with forward slashes and no query. */
export function normaliseModuleId(id: string, root: string): string {
  const path = id.replace(/^\0/, '').split('?')[0] ?? id;
  return relative(root, path).split('\\').join('/');
}

export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'core-drivers:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      // Only the browser build: the SSR build's chunks are never sent to a visitor.
      if (this.environment.config.consumer !== 'client') return;
      const map: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        map[output.fileName] = output.moduleIds.map((id) => normaliseModuleId(id, root)).sort();
      }
      this.emitFile({ type: 'asset', fileName: chunkModulesFile, source: `${JSON.stringify(map, null, 2)}\n` });
    },
  };
}
