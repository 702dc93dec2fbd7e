import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import net from 'node:net';
import { pinPid } from '../pinning';

/**
 * What a wake-up costs on this host: one byte to a child process over loopback TCP and back, with the two processes
 * on one CPU or on two, and the CPUs left to idle between round trips or not. Every command the server stores
 * crosses processes four times (load generator, server, Redis, server, load generators) against the bare relay's
 * two, so a host where waking an idle vCPU is dear charges the durable targets most (bench/HISTORY.md, "A
 * twenty-fifth host", where the same measurement, first made with a pipe, gave ~15-20 µs on one vCPU against
 * 0.1-0.14 ms at p50 and up to 3.7 ms at p99 across two idle vCPUs).
 *
 *   npx tsx bench/experiments/wakeLatency.ts [rounds]
 *
 * Needs `taskset` (util-linux) and at least 2 CPUs. Each placement: `rounds` round trips (default 3,000), the
 * sender sleeping 2 ms between them ("idle") or going straight on ("busy"). Event-loop overhead is in every
 * figure alike (~10-20 µs); what differs between the rows is the wake-up.
 */
if (process.argv[2] === '--peer') {
  net.createServer((s) => s.on('data', (d) => s.write(d))).listen(0, '127.0.0.1', function (this: net.Server) {
    process.send?.((this.address() as net.AddressInfo).port);
  });
} else {
  if (availableParallelism() < 2) throw new Error('wakeLatency needs at least 2 CPUs');
  const rounds = Number(process.argv[2] ?? 3_000);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const measure = async (peerCpu: number, gapMs: number): Promise<string> => {
    const peer = fork(new URL(import.meta.url).pathname, ['--peer'], { execArgv: ['--import', 'tsx'] });
    const port = await new Promise<number>((resolve) => peer.once('message', (m) => resolve(Number(m))));
    pinPid(peer.pid!, String(peerCpu));
    const sock = net.connect(port, '127.0.0.1');
    sock.setNoDelay(true);
    await new Promise((resolve) => sock.once('connect', resolve));
    const rtt: number[] = [];
    for (let i = 0; i < rounds; i++) {
      if (gapMs > 0) await sleep(gapMs);
      else await new Promise((resolve) => setImmediate(resolve));
      const t = performance.now();
      await new Promise<void>((resolve) => {
        sock.once('data', () => resolve());
        sock.write('x');
      });
      rtt.push((performance.now() - t) * 1000);
    }
    sock.destroy();
    peer.kill();
    rtt.sort((a, b) => a - b);
    const q = (p: number) => Math.round(rtt[Math.min(rtt.length - 1, Math.floor(p * rtt.length))]!);
    return `p50 ${q(0.5)} µs, p90 ${q(0.9)}, p99 ${q(0.99)}, p99.9 ${q(0.999)}, max ${Math.round(rtt.at(-1)!)}`;
  };

  pinPid(process.pid, '0');
  for (const [label, peerCpu, gap] of [
    ['one CPU, idle between round trips ', 0, 2],
    ['two CPUs, idle between round trips', 1, 2],
    ['one CPU, busy                      ', 0, 0],
    ['two CPUs, busy                     ', 1, 0],
  ] as const) {
    console.log(`${label}: ${await measure(peerCpu, gap)}`);
  }
}
