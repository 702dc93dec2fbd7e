// First, before anything loads Socket.IO: its packages make their loggers when loaded (see quietDebug.ts).
import './quietDebug';
import type { AddressInfo } from 'node:net';
import { assemble } from './assemble';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './demo';
import { createLogger } from './log';
import { openStore } from './matches/roomStore';
import { LiveMatches } from './room/liveMatches';

/** Starts the store, the HTTP server (REST + client) and the match rooms; stops them in order on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  const store = await openStore(config, log);
  const live = new LiveMatches(store);
  const { http, rooms } = assemble(config, store, live, log);

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, resolve);
  });
  const { port, address } = http.address() as AddressInfo;
  const baseUrl = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  log.info({ port, store: config.redisUrl ? 'redis' : 'embedded', prefix: config.redisPrefix }, 'listening');
  // Tests and scripts read the port from this line when they start the server with PORT=0.
  console.log(`League Night listening on ${baseUrl} (port ${port})`);
  if (config.adminTokenGenerated) {
    console.log(`ADMIN_TOKEN was not set; this run's commissioner token: ${config.adminToken}`);
  }
  if (config.seedDemo) {
    // The seed talks to this server itself (the league's REST API), on the address it listens on.
    const local = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
    const target = { localUrl: `http://${local}:${port}`, publicUrl: baseUrl, adminToken: config.adminToken };
    await seedDemo(store, target, log).catch((err: unknown) => log.warn({ err: String(err) }, 'demo seed skipped'));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A hard deadline: a stuck close must not keep a process that was told to go.
    setTimeout(() => process.exit(1), 10_000).unref();
    // Closes the sockets and the HTTP server. A command caught mid-append loses only its answer: the phone resends
    // it with the same commandId and gets the stored answer from the next process.
    await rooms.close();
    await store.close(); // waits for acknowledged writes
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('League Night failed to start:', err);
  process.exit(1);
});
