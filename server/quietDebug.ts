import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * Socket.IO's packages log through the `debug` package, and a logger that is switched off still costs each call an
 * array for its arguments before it looks whether it is on: Engine.IO calls one for every packet it sends, about 25
 * times per command at 22 phones a room. That was 6 % of everything the server allocated under the bench's main
 * load, so more frequent scavenges (bench/HISTORY.md, "A seventeenth host"). When DEBUG is not set at start (the way
 * `debug` itself reads it), the loggers those packages make are plain no-ops. With DEBUG set, nothing changes, so
 * `DEBUG=engine*,socket.io* npm start` still traces the wire.
 *
 * This must run before Socket.IO is loaded (server/main.ts imports it first): the packages make their loggers once,
 * when loaded. It replaces the factory in Node's module cache for each copy of `debug` they resolve to.
 */

/** The packages whose loggers are quieted (each may resolve its own copy of `debug`). */
const LOGGING_PACKAGES = ['engine.io', 'socket.io', 'socket.io-adapter', 'socket.io-parser', '@socket.io/redis-streams-adapter'];

export interface DebugLogger {
  (...args: unknown[]): void;
  enabled: boolean;
  namespace: string;
  extend(namespace: string, delimiter?: string): DebugLogger;
}
type DebugFactory = (namespace: string) => DebugLogger;

const quietLoggers = new WeakSet<object>();
/** The factories put in place of `debug`'s, so that a second call leaves them as they are. */
const quietFactories = new WeakSet<object>();

/** True for a logger made by the quiet factory (for tests). */
export function isQuietLogger(logger: unknown): boolean {
  return typeof logger === 'function' && quietLoggers.has(logger);
}

function quietLogger(namespace: string): DebugLogger {
  // No rest parameter: a call passes its arguments without making an array of them.
  const logger = Object.assign(() => undefined, {
    enabled: false,
    namespace,
    extend: (sub: string, delimiter = ':') => quietLogger(`${namespace}${delimiter}${sub}`),
  });
  quietLoggers.add(logger);
  return logger;
}

/**
 * Quiets the loggers of Socket.IO's packages unless `env.DEBUG` asks for logs; returns the module files of `debug`
 * that now make quiet loggers (empty when DEBUG is set).
 */
export function quietSocketIoDebug(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.DEBUG) return [];
  const require = createRequire(import.meta.url);
  const quieted = new Set<string>();
  for (const name of LOGGING_PACKAGES) {
    let file: string;
    try {
      file = require.resolve('debug', { paths: [dirname(require.resolve(name))] });
    } catch {
      continue; // not installed (e.g. no Redis adapter in a trimmed install): nothing of it to quiet
    }
    if (quieted.has(file)) continue;
    const real: unknown = require(file);
    const cached = require.cache[file];
    if (typeof real !== 'function' || !cached) throw new Error(`quietDebug: ${file} is not the debug factory it expects`);
    quieted.add(file);
    if (quietFactories.has(real)) continue; // quieted by an earlier call
    // Keep the factory's own properties (enable, disable, names...) for code that reads them.
    const quiet: DebugFactory = Object.assign((namespace: string) => quietLogger(namespace), real);
    quietFactories.add(quiet);
    cached.exports = Object.assign(quiet, { default: quiet });
  }
  return [...quieted];
}

quietSocketIoDebug();
