import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU and memory of another process, read from /proc (Linux), like pidusage does. */

let clockTicks = 100;
try {
  clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // 100 is the Linux default
}

/** user + system CPU time of `pid` (all its threads) in ms, or NaN when the process is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces), 1-based in proc(5): utime=14, stime=15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(rest[11]);
    const stime = Number(rest[12]);
    return ((utime + stime) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

/** Resident set size now and its peak (VmHWM) in MB, or NaN when the process is gone. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** Load average (1 min) of the machine: other work running alongside the bench shows up here. */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

/** Cores' worth of CPU the whole machine is using, sampled over `ms` from /proc/stat (0 = idle, 2 = both busy). */
export async function machineBusyCores(ms = 2000): Promise<number> {
  const read = () => {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (line[3] ?? 0) + (line[4] ?? 0);
    const total = line.reduce((a, b) => a + b, 0);
    return { idle, total };
  };
  try {
    const a = read();
    await new Promise((r) => setTimeout(r, ms));
    const b = read();
    const cores = readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d/.test(l)).length || 1;
    return ((1 - (b.idle - a.idle) / Math.max(1, b.total - a.total)) * cores);
  } catch {
    return Number.NaN;
  }
}

/**
 * Time the hypervisor ran something else while this machine's CPUs had work (all cores, ms so far): /proc/stat's
 * steal column. It counts as busy in machineBusyMs; read apart, it says whether a stalled window was the host's.
 */
export function machineStealMs(): number {
  try {
    const v = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return ((v[7] ?? 0) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

/** Busy CPU time of the whole machine so far (all cores, ms), from /proc/stat. */
export function machineBusyMs(): number {
  try {
    const v = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    return ((total - idle) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}
