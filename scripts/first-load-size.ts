import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a phone downloads before it shows the scoresheet: the JavaScript of the built app's entry, the match page and
 * the first screen (Play for a captain, Live for a spectator), with everything they import statically, gzipped.
 * The budget is 60 KB a phone (bar wifi, phone first); lazily loaded parts (match/lazy.ts) come after and do not
 * count. Reads the manifest of the last build (`vite build` writes it: build.manifest in vite.config.ts) and fails
 * when a first load is over the budget, so a change that outgrows it is seen in `npm test`, not on a phone.
 *
 *   npx vite build && npx tsx scripts/first-load-size.ts
 */

const BUDGET_BYTES = 60 * 1024;
const DIST = join(import.meta.dirname, '..', 'dist', 'client');

interface Chunk {
  file: string;
  imports?: string[];
}

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

function entry(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no chunk for ${suffix} in the build's manifest`);
  return key;
}

/** The chunks a page needs before it runs: the given ones and their static imports, transitively. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

const firstLoads = {
  captain: ['index.html', 'match/MatchPage.svelte', 'match/play/PlayScreen.svelte'],
  spectator: ['index.html', 'match/MatchPage.svelte', 'match/live/LiveScreen.svelte'],
};

let over = false;
for (const [who, parts] of Object.entries(firstLoads)) {
  const files = [...closure(parts.map(entry))].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipped(file), 0);
  const fits = bytes <= BUDGET_BYTES;
  over ||= !fits;
  console.log(`first load, ${who}: ${bytes} bytes of JS gzipped (${(bytes / 1024).toFixed(2)} KB, ${files.length} files); budget ${BUDGET_BYTES}${fits ? '' : ' -- OVER'}`);
}
if (over) process.exit(1);
