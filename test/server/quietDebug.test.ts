import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isQuietLogger, quietSocketIoDebug } from '../../server/quietDebug';

/**
 * server/quietDebug.ts: Socket.IO's packages, loaded after it without DEBUG set, log through plain no-ops, which is
 * what saves their per-call arrays. Seen from outside: switching every namespace on at run time (`debug.enable`) makes
 * loggers of the real factory print, and quiet ones stay silent. Each case runs in a child process
 * (test/helpers/debugProbe.ts), since a package makes its loggers once, when first loaded.
 */

const run = promisify(execFile);

/** The `debug` namespaces of the server's side of Socket.IO that printed (the client's own are left out). */
async function serverNamespacesLogged(mode: 'quiet' | 'plain', env: NodeJS.ProcessEnv = {}): Promise<Set<string>> {
  const { DEBUG: _unset, ...inherited } = process.env;
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'test/helpers/debugProbe.ts', mode], {
    env: { ...inherited, ...env },
    timeout: 20_000,
  });
  // The message went both ways, quiet or not.
  expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ reply: 'pong' });
  const namespaces = stderr.split('\n').map((line) => line.split(' ')[1] ?? '');
  return new Set(namespaces.filter((ns) => ns === 'engine' || ns.startsWith('engine:') || ns.startsWith('socket.io:')));
}

describe('the Socket.IO packages log through no-ops unless DEBUG is set', () => {
  it('without DEBUG, the server side prints nothing even when every namespace is switched on', async () => {
    expect([...(await serverNamespacesLogged('quiet'))]).toEqual([]);
  });

  it('the same probe without quietDebug.ts prints (so the check above can fail)', async () => {
    const logged = await serverNamespacesLogged('plain');
    expect(logged).toContain('engine:socket');
    expect(logged).toContain('socket.io:socket');
  });

  it('with DEBUG set at start, the real loggers stay: the wire can still be traced', async () => {
    const logged = await serverNamespacesLogged('quiet', { DEBUG: 'engine:socket' });
    expect(logged).toContain('engine:socket');
    expect(quietSocketIoDebug({ DEBUG: 'engine*' })).toEqual([]);
  });

  it('a quiet logger keeps the shape Socket.IO reads: enabled, namespace, extend', () => {
    // Quiets this process's copies (or finds them quiet already, if the import above did), and a second call
    // leaves the same factories in place.
    const files = quietSocketIoDebug({});
    expect(files.length).toBeGreaterThan(0);
    const load = createRequire(import.meta.url);
    const factories = files.map((file) => load(file) as unknown);
    expect(quietSocketIoDebug({})).toEqual(files);
    expect(files.map((file) => load(file) as unknown)).toEqual(factories);
    for (const file of files) {
      const factory = load(file) as (ns: string) => { enabled: boolean; namespace: string; extend(ns: string): unknown };
      const logger = factory('engine:socket');
      expect(isQuietLogger(logger)).toBe(true);
      expect(logger.enabled).toBe(false);
      expect(logger.namespace).toBe('engine:socket');
      expect(isQuietLogger(logger.extend('write'))).toBe(true);
    }
  });
});
