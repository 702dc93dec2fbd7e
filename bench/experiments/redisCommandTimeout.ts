import { createClient } from 'redis';

/**
 * Evidence for one profile finding: node-redis 6 gives every command a 5 s timeout by default
 * (DEFAULT_COMMAND_TIMEOUT), i.e. one AbortSignal.timeout() per command, whose timer later fires and builds a
 * DOMException even though the command answered long before. Measures the client's CPU per command with the
 * default and with `commandOptions: { timeout: 0 }` (no per-command signal), over the same commands.
 *
 *   npx tsx bench/experiments/redisCommandTimeout.ts
 */
const URL = 'redis://127.0.0.1:6379';
const KEY = `bench:exp:${process.pid}:h`;
const COMMANDS = 60_000;
const IN_FLIGHT = 32;

async function measure(label: string, options: Parameters<typeof createClient>[0]): Promise<number> {
  const client = createClient({ url: URL, ...options });
  await client.connect();
  await client.hSet(KEY, 'f', 'x'.repeat(200));
  const run = async (n: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next++ < n) await client.hGet(KEY, 'f');
      }),
    );
  };
  await run(5000); // warm up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(COMMANDS);
  // Stay around long enough for the 5 s timers of the measured commands to fire (their cost counts too).
  await new Promise((r) => setTimeout(r, 5500));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0 - 5500;
  const us = (cpu.user + cpu.system) / COMMANDS;
  console.log(`${label.padEnd(34)} ${us.toFixed(2)} µs CPU per command (incl. timers fired later), ${(COMMANDS / (wall / 1000)).toFixed(0)} commands/s`);
  await client.del(KEY);
  await client.close();
  return us;
}

const without = await measure('commandOptions: { timeout: 0 }', { commandOptions: { timeout: 0 } });
const withDefault = await measure('default (5 s timeout per command)', {});
console.log(`saving: ${(withDefault - without).toFixed(2)} µs per command (${(((withDefault - without) / withDefault) * 100).toFixed(0)} %)`);
