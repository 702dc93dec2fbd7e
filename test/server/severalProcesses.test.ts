import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchResult, type CommandInput, type Side } from '../../shared/index';
import type { Reply } from '../../shared/protocol';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { createLogger } from '../../server/log';
import { redisAdapter } from '../../server/room/crossProcess';
import { seatName } from '../../server/room/roomNames';
import type { RoomServer } from '../../server/room/types';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, expectSameState, fullMatchSteps, play, type CreatedMatch } from '../helpers/matchScript';
import { TcpBalancer } from '../helpers/tcpBalancer';
import { deleteKeys, ServerProcess, SHARED_REDIS, uniquePrefix, removeTempDirs, PROCESS_TEST_TIMEOUT } from '../helpers/serverProcess';

/**
 * Two server processes on two ports sharing Redis.
 * - Conflicting commands at the same moment, from one process and from two: the store's compare-and-set orders
 *   them, the engine decides each against the true current state, exactly one of two incompatible commands wins
 *   and the other is told the rule; compatible ones are all kept (no lost update).
 * - Captains on one process, spectators on the other, so every broadcast crosses processes through the Redis
 *   adapter; then the captains' process is killed and their phones reconnect through the load balancer to the
 *   other one and finish the match there. (Last: it kills a process.)
 */

const prefix = uniquePrefix('processes');
let a: ServerProcess;
let b: ServerProcess;
const restarted: ServerProcess[] = [];
const balancers: TcpBalancer[] = [];
let failover: { match: CreatedMatch; captains: Record<Side, RoomClient>; spectators: RoomClient[]; viaA: TcpBalancer } | undefined;
const clients: RoomClient[] = [];

const connect = async (server: ServerProcess, matchId: string, token?: string, deviceId?: string) => {
  const c = await RoomClient.connect({ url: server.url, matchId, ...(token ? { token } : {}), ...(deviceId ? { deviceId } : {}) });
  clients.push(c);
  return c;
};

beforeAll(async () => {
  [a, b] = (await ServerProcess.startMany({ redisUrl: SHARED_REDIS, prefix }, { redisUrl: SHARED_REDIS, prefix })) as [ServerProcess, ServerProcess];
}, PROCESS_TEST_TIMEOUT);

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(balancers.map((lb) => lb.close()));
  await Promise.all([a?.stop(), b?.stop(), ...restarted.map((s) => s.stop())]);
  await deleteKeys(prefix);
  removeTempDirs();
}, PROCESS_TEST_TIMEOUT);

const accepted = (replies: Reply[]) => replies.filter((r) => r.status === 'accepted');
const refused = (replies: Reply[]) => replies.filter((r) => r.status === 'refused');

/** A match where everyone has arrived, and the two phones of AWAY's two captains. */
async function arrivedMatch(id: string, awayPhones: [ServerProcess, ServerProcess]) {
  const match = await createMatch(a.url, id);
  const home = await connect(a, match.matchId, match.tokens.HOME);
  const away1 = await connect(awayPhones[0], match.matchId, match.tokens.AWAY, 'away-captain-1');
  const away2 = await connect(awayPhones[1], match.matchId, match.tokens.AWAY, 'away-captain-2');
  await play({ HOME: home, AWAY: away1 }, fullMatchSteps().slice(0, 12));
  await away2.untilVersion(12);
  return { match, home, away1, away2 };
}

const declare = (pairs: [string, string][]): CommandInput => ({
  type: 'declareLineup',
  payload: { round: 1, games: pairs.map((players, i) => ({ machineId: `M${i + 1}`, players })) },
});

describe.each([
  ['on one process', () => [a, a] as [ServerProcess, ServerProcess]],
  ['on two processes', () => [a, b] as [ServerProcess, ServerProcess]],
])('both AWAY captains %s', (_where, phones) => {
  let match: CreatedMatch;

  it('declare different round-1 lineups at once: exactly one wins, the other is told why (R-III.B.5)', async () => {
    const m = await arrivedMatch(`declare-race-${phones()[1] === a ? 'one' : 'two'}`, phones());
    match = m.match;
    const replies = await Promise.all([
      m.away1.send(declare([['A1', 'A2'], ['A3', 'A4']])),
      m.away2.send(declare([['A5', 'A6'], ['A1', 'A3']])),
    ]);
    expect(accepted(replies)).toEqual([{ status: 'accepted', version: 13 }]);
    expect(refused(replies)).toMatchObject([{ rule: 'R-III.B.5', code: 'ALREADY_DECLARED', version: 13 }]);
    const winner = replies[0]!.status === 'accepted' ? ['A1', 'A2'] : ['A5', 'A6'];
    for (const c of [m.home, m.away1, m.away2]) {
      await c.untilVersion(13);
      expect(c.state!.rounds[0]!.declarations.AWAY!.games[0]!.players).toEqual(winner);
    }
    expectSameState(m.away1, m.away2);
  });

  it('confirm and dispute the same score entry at once: exactly one wins (MR-4)', async () => {
    const home = clients.find((c) => c.options.matchId === match.matchId && c.welcome?.side === 'HOME')!;
    const [away1, away2] = clients.filter((c) => c.options.matchId === match.matchId && c.welcome?.side === 'AWAY');
    // HOME answers round 1's declaration, then enters a score for AWAY to confirm or dispute.
    const acked = { version: 13 };
    await play({ HOME: home, AWAY: away1! }, [
      { side: 'HOME', command: { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } } },
      { side: 'HOME', command: { type: 'setPlayOrder', payload: { round: 1, game: 1, seats: [{ playerId: 'H1', position: 1 }, { playerId: 'H2', position: 3 }] } } },
      { side: 'AWAY', command: (s) => ({ type: 'setPlayOrder', payload: { round: 1, game: 1, seats: s.rounds[0]!.games[0]!.players.AWAY.map((playerId, i) => ({ playerId, position: 2 * i + 2 })) } }) },
      { side: 'HOME', command: { type: 'enterScore', payload: { round: 1, game: 1, playerId: 'H1', points: 100 } } },
    ], acked);
    await Promise.all([away1!.untilVersion(acked.version), away2!.untilVersion(acked.version)]);
    const entryId = away1!.state!.entries.at(-1)!.id;
    const replies = await Promise.all([
      away1!.send({ type: 'confirmEntry', payload: { entryId } }),
      away2!.send({ type: 'disputeEntry', payload: { entryId, reason: 'that was H2' } }),
    ]);
    const [win] = accepted(replies);
    expect(accepted(replies)).toHaveLength(1);
    expect(refused(replies)).toMatchObject([{ rule: 'MR-4', code: 'NOT_PENDING' }]);
    await home.untilVersion(win?.status === 'accepted' ? win.version : Infinity);
    expect(home.state!.entries.at(-1)!.status).toBe(replies[0]!.status === 'accepted' ? 'CONFIRMED' : 'DISPUTED');
  });
});

it('twelve compatible commands at once through two processes: every one kept, in one order everyone sees', async () => {
  const match = await createMatch(a.url, 'no-lost-update');
  const phones = {
    HOME: [await connect(a, match.matchId, match.tokens.HOME, 'home-phone-1'), await connect(b, match.matchId, match.tokens.HOME, 'home-phone-2')],
    AWAY: [await connect(a, match.matchId, match.tokens.AWAY, 'away-phone-1'), await connect(b, match.matchId, match.tokens.AWAY, 'away-phone-2')],
  };
  const spectators = [await connect(a, match.matchId), await connect(b, match.matchId)];
  const time = Date.now() - 60_000;
  const replies = await Promise.all(
    (['HOME', 'AWAY'] as const).flatMap((side) =>
      [1, 2, 3, 4, 5, 6].map((i) => phones[side][i % 2]!.send({ type: 'markArrived', payload: { playerId: `${side[0]}${i}`, time } })),
    ),
  );
  expect(replies.every((r) => r.status === 'accepted')).toBe(true);
  expect(replies.map((r) => (r.status === 'accepted' ? r.version : 0)).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  for (const c of [...phones.HOME, ...phones.AWAY, ...spectators]) await c.untilVersion(12);
  for (const c of [...phones.AWAY, ...phones.HOME.slice(1), ...spectators]) expectSameState(phones.HOME[0]!, c);
  const present = Object.values(spectators[1]!.state!.attendance.HOME).filter((x) => x.arrivedAt !== null);
  expect(present).toHaveLength(6);
});

it('a process whose copy of the match is behind neither refuses nor overwrites for it: it catches up and decides again', async () => {
  // The desk decides first on its process's copy without reading Redis; process B's copy stays at version 0 while
  // every arrival is made on A. B's refusal on that copy ("not enough players present") must not be the answer.
  const match = await createMatch(a.url, 'stale-copy');
  const home = await connect(a, match.matchId, match.tokens.HOME);
  const awayOnA = await connect(a, match.matchId, match.tokens.AWAY, 'away-on-a');
  const awayOnB = await connect(b, match.matchId, match.tokens.AWAY, 'away-on-b');
  const acked = { version: 0 };
  await play({ HOME: home, AWAY: awayOnA }, fullMatchSteps().slice(0, 12), acked);
  await awayOnB.untilVersion(acked.version);
  expect(await awayOnB.send(declare([['A1', 'A2'], ['A3', 'A4']]))).toEqual({ status: 'accepted', version: acked.version + 1 });
  // And the other way round: A's copy is now behind B's append; its stale acceptance must lose to the rule.
  expect(await awayOnA.send(declare([['A5', 'A6'], ['A7', 'A8']]))).toMatchObject({ status: 'refused', rule: 'R-III.B.5', version: acked.version + 1 });
  for (const c of [home, awayOnA, awayOnB]) await c.untilVersion(acked.version + 1);
  expectSameState(home, awayOnB);
});

it('spectators here and on the other process get every update made here exactly once, in order, without resyncing', async () => {
  // The room delivers to its own process's clients at once and relays the update to the others through the adapter
  // stream (room/crossProcess.ts): both paths must carry every event, once, in the order of the log.
  const match = await createMatch(a.url, 'relay-in-order');
  const captains: Record<Side, RoomClient> = { HOME: await connect(a, match.matchId, match.tokens.HOME), AWAY: await connect(a, match.matchId, match.tokens.AWAY) };
  const spectators = { here: await connect(a, match.matchId), there: await connect(b, match.matchId) };
  const received = { here: [] as number[], there: [] as number[] };
  for (const where of ['here', 'there'] as const) {
    spectators[where].socket.on('events', (m) => received[where].push(...m.events.map((e) => e.version)));
  }
  const acked = { version: 0 };
  await play(captains, fullMatchSteps().slice(0, 40), acked);
  await Promise.all([spectators.here.untilVersion(acked.version), spectators.there.untilVersion(acked.version)]);
  const everyVersion = Array.from({ length: acked.version }, (_, i) => i + 1);
  expect(received.here).toEqual(everyVersion);
  expect(received.there).toEqual(everyVersion);
  expect([spectators.here.resyncs, spectators.there.resyncs]).toEqual([0, 0]);
  expectSameState(captains.HOME, spectators.there);
});

it('the newest connection of a seat wins across processes too: the older one is told and closed', async () => {
  const match = await createMatch(a.url, 'seat-across');
  const first = await connect(a, match.matchId, match.tokens.HOME, 'phone-of-alice');
  const second = await connect(b, match.matchId, match.tokens.HOME, 'phone-of-alice');
  await first.until(() => first.replaced && !first.connected, 10_000, 'replaced through the adapter');
  expect(second.connected).toBe(true);
  expect(await second.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 1000 } })).toMatchObject({ status: 'accepted' });
});

it('presence counts the captain phones of every process: a spectator here sees a captain connected there', async () => {
  const match = await createMatch(a.url, 'presence-across');
  const watcher = await connect(b, match.matchId);
  const last = () => watcher.presences.at(-1)?.captains;
  await watcher.until(() => last()?.HOME === 0 && last()?.AWAY === 0, 10_000, 'nobody yet');
  const home = await connect(a, match.matchId, match.tokens.HOME, 'phone-of-nia');
  await watcher.until(() => last()?.HOME === 1, 10_000, 'the HOME captain on the other process');
  const late = await connect(b, match.matchId); // counted by asking the other process
  await late.until(() => late.presences.at(-1)?.captains.HOME === 1, 10_000, 'told on connecting');
  home.close();
  await watcher.until(() => last()?.HOME === 0, 10_000, 'the HOME captain left');
});

it('a claim of the seat that reaches a process late closes only older sockets there, never the newer one', async () => {
  // A third member of the cluster, in this test process: what it sends is exactly what another server sends.
  const cross = redisAdapter(SHARED_REDIS, prefix, createLogger('silent'));
  // Attached to an HTTP server that never listens: Server.close() needs one to close.
  const third: RoomServer = new Server(createServer(), { adapter: cross.adapter });
  try {
    const match = await createMatch(a.url, 'seat-late-claim');
    const phone = await connect(b, match.matchId, match.tokens.HOME, 'phone-of-bea');
    const sentinel = await connect(b, match.matchId, match.tokens.AWAY, 'phone-of-cal');
    const seat = seatName(match.matchId, 'HOME', 'phone-of-bea');
    // The claim of a connection older than `phone`, reaching b only now (as under load): it must close nothing.
    // (The old order, "everyone in the seat but me", closed the newer phone here.)
    third.serverSideEmit('seatClaimed', { seat, socketId: 'an-older-socket', claimedAt: Date.now() - 60_000 }, match.matchId);
    third.serverSideEmit('seatClaimed', { seat: 'garbage', claimedAt: 'yesterday' }, match.matchId); // malformed: ignored
    // One publisher's messages arrive in order: once the sentinel is replaced, b has handled the two above.
    const sentinelSeat = seatName(match.matchId, 'AWAY', 'phone-of-cal');
    third.serverSideEmit('seatClaimed', { seat: sentinelSeat, socketId: 'a-newer-socket', claimedAt: Date.now() + 60_000 }, match.matchId);
    await sentinel.until(() => sentinel.replaced && !sentinel.connected, 10_000, 'the sentinel replaced by a newer claim');
    expect(phone.connected).toBe(true);
    expect(phone.replaced).toBe(false);
    expect(await phone.send({ type: 'markArrived', payload: { playerId: 'H1', time: Date.now() - 1000 } })).toMatchObject({ status: 'accepted' });

    // A newer claim of the same seat made on another process does close it.
    third.serverSideEmit('seatClaimed', { seat, socketId: 'a-newer-socket', claimedAt: Date.now() + 60_000 }, match.matchId);
    await phone.until(() => phone.replaced && !phone.connected, 10_000, 'replaced by the newer claim');
  } finally {
    await new Promise<void>((resolve) => void third.close(() => resolve()));
    await cross.close();
  }
});

it('captains on one process, spectators on the other; the first dies and its phones move to the second', { timeout: PROCESS_TEST_TIMEOUT }, async () => {
  // Each balancer prefers a different process: captains come in through the first, spectators through the second.
  const viaA = new TcpBalancer([a.port, b.port]);
  const viaB = new TcpBalancer([b.port, a.port]);
  balancers.push(viaA, viaB);
  await Promise.all([viaA.listen(), viaB.listen()]);

  const match = await createMatch(a.url, 'failover');
  const connect = async (url: string, token?: string) => {
    const c = await RoomClient.connect({ url, matchId: match.matchId, ...(token ? { token } : {}) });
    clients.push(c);
    return c;
  };
  const captains: Record<Side, RoomClient> = { HOME: await connect(viaA.url, match.tokens.HOME), AWAY: await connect(viaA.url, match.tokens.AWAY) };
  const spectators = await Promise.all([1, 2, 3].map(() => connect(viaB.url)));
  failover = { match, captains, spectators, viaA };

  const steps = fullMatchSteps();
  const acked = { version: 0 };
  await play(captains, steps.slice(0, 50), acked);
  for (const c of [...Object.values(captains), ...spectators]) await c.untilVersion(acked.version);
  for (const s of spectators) expectSameState(captains.HOME, s);
  expect(spectators.every((s) => s.resyncs === 0)).toBe(true); // every broadcast crossed processes, in order

  await a.kill();
  await Promise.all(Object.values(captains).map((c) => c.nextWelcome(20_000)));
  await play(captains, steps.slice(50), acked);
  for (const c of [...Object.values(captains), ...spectators]) await c.untilVersion(acked.version);
  for (const c of [captains.AWAY, ...spectators]) expectSameState(captains.HOME, c);
  expect(matchResult(spectators[0]!.state!)).toMatchObject({ status: 'DECIDED', winner: 'HOME', points: { HOME: 16, AWAY: 0 } });
  // The spectators never noticed: they stayed connected to the surviving process throughout.
  expect(spectators.every((s) => s.welcomes.length === 1)).toBe(true);
});

it('a rolling restart: stopping a process gracefully drops only its own phones, which move to the other', { timeout: PROCESS_TEST_TIMEOUT }, async () => {
  if (!failover) throw new Error('needs the failover test before it');
  const { match, captains, spectators } = failover;
  // The killed process comes back (on its port: the balancers find it again); a spectator opens the link there.
  const again = await a.restart();
  restarted.push(again);
  const onRestarted = await RoomClient.connect({ url: again.url, matchId: match.matchId });
  clients.push(onRestarted);
  const phonesOnB = [...Object.values(captains), ...spectators];
  const seen = phonesOnB.map((c) => c.welcomes.length);

  expect(await b.stop()).toBe(0); // SIGTERM, as a deploy does
  await Promise.all(phonesOnB.map((c, i) => c.until(() => c.connected && c.welcomes.length > seen[i]!, 20_000, 'moved over')));
  expect(onRestarted.welcomes).toHaveLength(1); // not disconnected by the other process's shutdown
  expect(onRestarted.connected).toBe(true);
  for (const c of phonesOnB) expectSameState(onRestarted, c);
});
