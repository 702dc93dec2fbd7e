import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
// With their extension: without it Vite warns on every build that these imports will not load once its native config
// loader (Node's own import) is the default.
import { pureEngine } from './client/build/pureEngine.ts';
import { serviceWorker } from './client/build/serviceWorker.ts';
import { websocketOnly, websocketOnlyTreeshake } from './client/build/websocketOnly.ts';

const root = fileURLToPath(new URL('./client', import.meta.url));

// One config for the client build (Vite) and for the unit/integration tests (Vitest).
// Browser tests run under Playwright (playwright.config.ts), against the built client.
export default defineConfig({
  root,
  // pureEngine and websocketOnly only trim the phone's bundle (see each): the engine without its zod schemas,
  // Engine.IO without the transports the match room does not use. serviceWorker writes /sw.js, which keeps the
  // built app on the phone for reloads without a connection.
  plugins: [
    // Runes everywhere: a component without any rune would otherwise compile in legacy mode, and one such component
    // puts Svelte's legacy-mode support into the first load (Notices.svelte did: ~250 bytes gzipped).
    svelte({ compilerOptions: { runes: true } }),
    pureEngine(fileURLToPath(new URL('./shared', import.meta.url))),
    websocketOnly(),
    serviceWorker(fileURLToPath(new URL('./client/src/sw/sw.ts', import.meta.url)), fileURLToPath(new URL('./client/public', import.meta.url))),
  ],
  // The client imports the rules engine as `$shared` (the same code the server decides with).
  resolve: { alias: { $shared: fileURLToPath(new URL('./shared', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks import which, read by scripts/first-load-size.ts (the 60 KB first-load budget).
    manifest: true,
    rolldownOptions: {
      treeshake: websocketOnlyTreeshake,
      output: {
        codeSplitting: {
          // The game card and the small components it and the first screens show (entry status, play order, sheet,
          // verdict) in one chunk instead of four: every match page loads them all at once, and each chunk repeats
          // its imports of Svelte's runtime and pays gzip's overhead. That took ~1,280 bytes gzipped off both first
          // loads (scripts/first-load-size.ts). Their own dependencies stay where they were (not recursive), so the
          // league and scoresheet pages, which share `gameView` and `words` but not these, load nothing new.
          includeDependenciesRecursively: false,
          groups: [{ name: 'GameCard', test: /client\/src\/(match\/game\/(EntryStatus|GameCard|PlayOrder)|ui\/(Sheet|Verdict))\.svelte/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
