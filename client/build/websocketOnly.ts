import { dirname, join } from 'node:path';
import type { Plugin, UserConfig } from 'vite';

/**
 * The match room speaks WebSocket only (server/room/socketServer.ts: `transports: ['websocket']`), and so does the
 * phone (client/src/live/transport.ts). Engine.IO's client still bundles HTTP long-polling and WebTransport, which
 * its Socket class reaches through a default transport table. This plugin gives that Socket a table with the
 * WebSocket transport only, and lets the bundler drop the unused transports' modules (their module code only
 * installs a page-unload hook for polling requests).
 */
const VIRTUAL = '\0league-night:websocket-only:';
const SOCKET_FILE = /engine\.io-client[\\/]build[\\/]esm[\\/]socket\.js$/;

export function websocketOnly(): Plugin {
  return {
    name: 'league-night:websocket-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './transports/index.js' && importer && SOCKET_FILE.test(importer)) return VIRTUAL + dirname(importer);
      return null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const ws = join(id.slice(VIRTUAL.length), 'transports', 'websocket.js');
      return `import { WS } from ${JSON.stringify(ws)};\nexport const transports = { websocket: WS };\n`;
    },
  };
}

/** Build options that go with the plugin: the other transports' modules may be dropped when unused. */
export const websocketOnlyTreeshake: NonNullable<NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['treeshake']> = {
  moduleSideEffects: [{ test: /engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/](polling|polling-xhr|polling-fetch|webtransport)\.js$/, sideEffects: false }],
};
