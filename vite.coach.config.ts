/**
 * The coach's dashboard (/coach): its own build, after the visitor's (`npm run build`), into the same
 * dist/client but under assets/coach/, with its own manifest. A build of its own rather than a second
 * input of vite.config.ts: shared with the visitor's entry, React would move into chunks both load,
 * turning the visitor's one entry script into three (measured). This way the visitor's build is the
 * same, byte for byte, with or without the dashboard. e2e/budgets.spec.ts proves no visitor page
 * loads any of it.
 */
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { coachAssetsDir, coachManifestFile } from './scripts/bench/build-info';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    // The visitor's build has just written dist/client: keep it.
    emptyOutDir: false,
    assetsDir: coachAssetsDir,
    manifest: coachManifestFile,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'coach.html' },
  },
});
