import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { assemble } from '../../server/assemble';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/log';
import { openStore } from '../../server/matches/roomStore';
import { LiveMatches } from '../../server/room/liveMatches';
import { ADMIN_TOKEN, tempDir } from './serverProcess';

/**
 * The server wired exactly as main.ts does, inside the test process, on the embedded store: for checks that need
 * a real socket but not a separate process (no start-up cost). `logTo`: where its log lines go (stdout unless given).
 */
export async function startInProcess(env: Record<string, string> = {}, logTo?: DestinationStream) {
  const config = loadConfig({ PORT: '0', ADMIN_TOKEN, DATA_DIR: tempDir('inproc'), LOG_LEVEL: 'silent', ...env });
  const log = createLogger(config.logLevel, logTo);
  const store = await openStore(config, log);
  const live = new LiveMatches(store);
  const { http, rooms } = assemble(config, store, live, log);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    /** The rooms' Socket.IO server, for tests that watch what it writes (engine.io's public `flush` event). */
    io: rooms.io,
    async close() {
      await rooms.close();
      await store.close();
    },
  };
}
