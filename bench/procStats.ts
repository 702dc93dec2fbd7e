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
