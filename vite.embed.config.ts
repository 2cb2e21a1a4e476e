/**
 * The embed script (src/embed/embed.ts) as its own small build: one classic script with no imports,
 * dist/client/embed.js, for coaches to load on their sites. Runs after the app's build, into the
 * same folder (which that build empties).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    copyPublicDir: false,
    // Coaches' visitors use any browser of the last few years; the script needs nothing newer.
    target: 'es2019',
    lib: {
      entry: 'src/embed/embed.ts',
      formats: ['iife'],
      name: 'CoreDriversEmbed',
      fileName: () => 'embed.js',
    },
  },
});
