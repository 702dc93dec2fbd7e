import { afterAll, describe, expect, it } from 'vitest';
import { matchResult, type Side } from '../../shared/index';
import type { Reply } from '../../shared/protocol';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, expectSameState, fullMatchSteps, play } from '../helpers/matchScript';
import { deleteKeys, ServerProcess, SHARED_REDIS, tempDir, uniquePrefix, removeTempDirs, PROCESS_TEST_TIMEOUT } from '../helpers/serverProcess';

/**
 * A server process killed with SIGKILL in the middle of a match (a command in flight), then restarted on the same
 * port: the phones reconnect by themselves, resync, and every acknowledged command is still there; the command
 * that was in flight, resent with its id, is applied exactly once. With Redis, and with the embedded store's files.
 */

const prefix = uniquePrefix('crash');
const servers: ServerProcess[] = [];
const clients: RoomClient[] = [];

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(servers.map((s) => s.stop()));
  await deleteKeys(prefix);
  removeTempDirs();
}, PROCESS_TEST_TIMEOUT);

describe.each([
  ['Redis', () => ({ redisUrl: SHARED_REDIS, prefix })],
  ['the embedded store', () => ({ dataDir: tempDir('crash') })],
])('SIGKILL mid-match with %s', (_store, options) => {
  it('every acknowledged command survives; phones reconnect and finish the match', { timeout: PROCESS_TEST_TIMEOUT }, async () => {
    const server = await ServerProcess.start(options());
    servers.push(server);
    const match = await createMatch(server.url, 'crash');
    const connect = async (token?: string) => {
      const c = await RoomClient.connect({ url: server.url, matchId: match.matchId, ...(token ? { token } : {}) });
      clients.push(c);
      return c;
    };
    const captains: Record<Side, RoomClient> = { HOME: await connect(match.tokens.HOME), AWAY: await connect(match.tokens.AWAY) };
    const spectator = await connect();
    const steps = fullMatchSteps();
    const acked = { version: 0 };
    const cut = 40;
    await play(captains, steps.slice(0, cut), acked);

    // One more command leaves the phone, and the process dies before (or just after) storing it.
    const inFlight = steps[cut]!;
    const sender = captains[inFlight.side];
    await sender.untilVersion(acked.version);
    const command = typeof inFlight.command === 'function' ? inFlight.command(sender.state!) : inFlight.command;
    const firstTry = sender.send(command, 'in-flight-at-the-crash').catch(() => null);
    await server.kill();
    const lostAnswer: Reply | null = await firstTry;

    const restarted = await server.restart();
    servers.push(restarted);
    await Promise.all([...Object.values(captains), spectator].map((c) => c.until(() => c.connected && c.welcomes.length >= 2, 20_000, 'reconnect')));

    const stored = (await (await fetch(`${restarted.url}/api/matches/${match.matchId}`)).json()) as { version: number };
    expect(stored.version).toBeGreaterThanOrEqual(acked.version);
    // The phone resends what it never got an answer for: same id, so it is applied at most once.
    const retry = await sender.send(command, 'in-flight-at-the-crash');
    const answer = retry.status === 'duplicate' ? retry.answer : retry;
    if (answer.status !== 'accepted') throw new Error(`in-flight command not applied: ${JSON.stringify(retry)}`);
    // Stored before the crash: the retry is a duplicate with the very answer the phone missed.
    if (lostAnswer) expect(retry).toEqual({ status: 'duplicate', answer: lostAnswer });
    const version = answer.version;
    expect(version).toBeGreaterThan(acked.version);
    acked.version = version;

    await play(captains, steps.slice(cut + 1), acked);
    for (const c of [...Object.values(captains), spectator]) await c.untilVersion(acked.version);
    expectSameState(captains.HOME, captains.AWAY);
    expectSameState(captains.HOME, spectator);
    expect(matchResult(spectator.state!)).toMatchObject({ status: 'DECIDED', winner: 'HOME' });
    const log = (await (await fetch(`${restarted.url}/api/matches/${match.matchId}/events`)).json()) as { events: unknown[] };
    expect(log.events).toHaveLength(acked.version);
  });
});
