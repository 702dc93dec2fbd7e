import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The bench's watch inside a target (bench/loopWatch.ts) must tell a busy loop from a sleeping one, as that is what
 * it is for: a stop of the server at saturation read as running, waiting for a CPU or asleep. And its summary
 * (bench/loopWatchSummary.ts) must count only what fell inside a target's own measured windows.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./fixtures/loopWatchChild.ts', import.meta.url));

interface LateTick {
  spanMs: number;
  main: { run: number; queued: number; asleep: number };
}

describe('loop watch', () => {
  it('reads a busy stop as running and a blocking call as asleep, and samples the stopped thread', () => {
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--import', './bench/loopWatch.ts', CHILD], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(out.status).toBe(0);
    const ticks = [...out.stderr.matchAll(/^\[loop-watch\] late tick (\{.*\})$/gm)].map((m) => JSON.parse(m[1]!) as LateTick);
    const stops = [...out.stderr.matchAll(/^\[loop-watch\] stopped main thread .*wchan\): (\{.*\})$/gm)].map((m) => JSON.parse(m[1]!) as Record<string, number>);

    // The 300 ms of JavaScript: on a CPU (or waiting for one, on a busy machine), not asleep.
    const busy = ticks.find((t) => t.spanMs >= 250 && t.main.run + t.main.queued >= 200);
    expect(busy, out.stderr).toBeDefined();
    expect(busy!.main.asleep).toBeLessThan(100);
    // The 300 ms in execSync: asleep, hardly running.
    const asleep = ticks.find((t) => t.spanMs >= 250 && t.main.asleep >= 200);
    expect(asleep, out.stderr).toBeDefined();
    expect(asleep!.main.run).toBeLessThan(100);

    // The sampler thread saw the main thread runnable during one stop and sleeping in a system call during another.
    const mostly = (s: Record<string, number>, state: string) => Object.entries(s).filter(([k]) => k.startsWith(`${state} `)).reduce((a, [, n]) => a + n, 0) > Object.values(s).reduce((a, n) => a + n, 0) / 2;
    expect(stops.some((s) => mostly(s, 'R')), out.stderr).toBe(true);
    expect(stops.some((s) => mostly(s, 'S')), out.stderr).toBe(true);
  });

  it('summarises the late ticks inside a target\'s own windows and counts the others apart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopwatch-'));
    try {
      // `others`: CPU of the process's threads other than the main one (V8's GC helpers) during the tick.
      const tick = (from: string, spanMs: number, run: number, queued: number, asleep: number, others = 0) =>
        `[loop-watch] late tick ${JSON.stringify({ from, spanMs, main: { run, queued, asleep }, processCpuMs: run + others, switches: { voluntary: 1, involuntary: 40 }, majorFaults: 0, loopBusy: 99, gc: { scavenge: { n: 1, totalMs: 12, maxMs: 12 } }, heapMb: 100 })}`;
      writeFileSync(
        join(dir, 'full.json'),
        JSON.stringify({ results: [{ config: { id: 'spect-73-ours' }, rounds: [{ measured: { from: '2026-12-05T23:38:20.000Z', to: '2026-12-05T23:38:32.000Z' }, fanoutP99: 202.6 }] }] }),
      );
      writeFileSync(
        join(dir, 'spect-73-ours.log'),
        [
          'League Night listening on http://localhost:1 (port 1)',
          tick('2026-12-05T23:38:10.000Z', 900, 880, 10, 10), // start-up, before the window
          tick('2026-12-05T23:38:26.226Z', 157, 61, 96, 0, 200), // inside, while the GC's helper threads ran
          tick('2026-12-05T23:38:31.950Z', 120, 20, 90, 10, 5), // straddles the window's end: inside
          tick('2026-12-05T23:38:27.000Z', 50, 50, 0, 0), // under --min
          tick('2026-12-05T23:40:00.000Z', 2000, 600, 1400, 0), // shutting down, after the window
        ].join('\n'),
      );
      const out = spawnSync(process.execPath, ['--import', 'tsx', 'bench/loopWatchSummary.ts', join(dir, 'full.json'), '--min=80'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
      expect(out.status, out.stderr).toBe(0);
      expect(out.stdout).toContain('spect-73-ours (windows\' fan-out p99 202.6 ms): 2 late ticks of 80 ms or more in its windows, 277 ms in all: running 81, waiting for a CPU 186, asleep 10, GC 24, the process\'s other threads 205 ms of CPU; 2 outside its windows');
      expect(out.stdout).toContain('window 1 at 23:38:26.226: 157 ms = running 61 + waiting 96 + asleep 0; other threads 200 ms of CPU; 40 preemptions; scavenge 1x 12 ms');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
