import { fork } from 'node:child_process';
import net from 'node:net';

/**
 * What one small socket write costs the writer, to a peer that sleeps between messages and to one kept awake: the
 * server's write per append wakes Redis, while its writes to the phones mostly find their readers awake (a CPU
 * profile under load put ~170 µs of system call on each append's write and ~25 µs on each client frame's:
 * bench/HISTORY.md, "A twelfth host").
 *
 *   npx tsx bench/experiments/socketWrite.ts [redisPort]
 *
 * Each round trip writes a 1 KB Redis command (ECHO) and waits for the answer; every third waits 2 ms more, so the
 * peer goes back to sleep. Measured: the time inside `socket.write` (the system call; Node writes small chunks at
 * once). Peers: Redis (default 6379), and a child process answering like it, idle or spinning its event loop.
 */
if (process.argv[2] === '--peer') {
  net.createServer((s) => s.on('data', () => s.write('+OK\r\n'))).listen(0, '127.0.0.1', function (this: net.Server) {
    process.send?.((this.address() as net.AddressInfo).port);
  });
  if (process.argv[3] === 'spin') {
    const loop = (): void => void setImmediate(loop);
    loop();
  }
} else {
  const rounds = 3_000;
  const payload = `*2\r\n$4\r\nECHO\r\n$1000\r\n${'x'.repeat(1000)}\r\n`;

  const measure = async (port: number): Promise<string> => {
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => sock.once('connect', resolve));
    sock.setNoDelay(true);
    let answered: (() => void) | null = null;
    sock.on('data', () => answered?.());
    const us: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const done = new Promise<void>((resolve) => (answered = resolve));
      const t0 = process.hrtime.bigint();
      sock.write(payload);
      us.push(Number(process.hrtime.bigint() - t0) / 1000);
      await done;
      if (i % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    sock.destroy();
    us.sort((a, b) => a - b);
    const mean = us.reduce((a, b) => a + b, 0) / us.length;
    return `write µs p50 ${us[rounds / 2]!.toFixed(1)}, p90 ${us[Math.floor(rounds * 0.9)]!.toFixed(1)}, mean ${mean.toFixed(1)}`;
  };

  const withPeer = async (mode: 'idle' | 'spin'): Promise<string> => {
    const child = fork(process.argv[1]!, ['--peer', mode], { execArgv: process.execArgv });
    const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(Number(p))));
    try {
      return await measure(port);
    } finally {
      child.kill();
    }
  };

  console.log(`redis: ${await measure(Number(process.argv[2] ?? 6379))}`);
  console.log(`peer, sleeping between messages: ${await withPeer('idle')}`);
  console.log(`peer, event loop spinning: ${await withPeer('spin')}`);
}
