import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

/**
 * Writes the service worker (client/src/sw/sw.ts) as /sw.js at the end of the client build, with the list of the
 * build's own files in it: every chunk and asset Vite emitted (their names carry a content hash) and the files
 * copied from client/public (manifest, icons). Vite has no built-in for this; `generateBundle` sees the complete
 * output, so the list is exactly what this build wrote. The worker is compiled on its own (types stripped, no
 * bundling) because it must be a standalone classic script, not a chunk of the app.
 */
export function serviceWorker(source: string, publicDir: string): Plugin {
  return {
    name: 'league-night:service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((f) => f !== 'index.html' && !f.endsWith('.map') && !f.startsWith('.vite/'));
      const files = [...built, ...listFiles(publicDir)].map((f) => `/${f}`).sort();
      const version = createHash('sha256').update(files.join('\n')).update(readFileSync(source)).digest('hex').slice(0, 12);
      const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' });
      const script = code
        .replace(/^export\s*\{\s*\};?\s*$/m, '')
        .replace(/\b__LN_SHELL_FILES__\b/g, JSON.stringify(files))
        .replace(/\b__LN_SHELL_VERSION__\b/g, JSON.stringify(version));
      if (/\b(import|export)\b[^\n]*\bfrom\b/.test(script)) this.error('client/src/sw/sw.ts must not import anything: it runs as a classic script.');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: script });
    },
  };
}

/** Files under a folder, as paths relative to it with forward slashes. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}
