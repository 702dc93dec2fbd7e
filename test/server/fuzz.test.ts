import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { ReplySchema, type Reply } from '../../shared/protocol';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, fullMatchSteps, play, type CreatedMatch } from '../helpers/matchScript';
import { ALL_COMMAND_TYPES } from '../helpers/sampleCommands';
import {
  afterAllStopServer, PROCESS_TEST_TIMEOUT, ServerProcess, SHARED_REDIS, uniquePrefix,
} from '../helpers/serverProcess';

/**
 * More than 10,000 malformed, oversized and random messages: the server stays up, answers every one exactly once
 * (through its acknowledgement, or as a `problem` when it has none), and no match changes.
 */

const prefix = uniquePrefix('fuzz');
let server: ServerProcess;
let match: CreatedMatch;
let captain: RoomClient;
let spectator: RoomClient;
const clients: RoomClient[] = [];

const readMatch = async () => (await (await fetch(`${server.url}/api/matches/${match.matchId}`)).json()) as unknown;

beforeAll(async () => {
  server = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix, env: { MESSAGE_RATE: '1000000', MESSAGE_BURST: '1000000' } });
  match = await createMatch(server.url, 'fuzz');
  captain = await RoomClient.connect({ url: server.url, matchId: match.matchId, token: match.tokens.HOME });
  spectator = await RoomClient.connect({ url: server.url, matchId: match.matchId });
  const away = await RoomClient.connect({ url: server.url, matchId: match.matchId, token: match.tokens.AWAY });
  clients.push(captain, spectator, away);
  await play({ HOME: captain, AWAY: away }, fullMatchSteps().slice(0, 14));
}, PROCESS_TEST_TIMEOUT);

afterAllStopServer(prefix, clients, () => server);

const SEED = 20261001;
const sample = <T>(arb: fc.Arbitrary<T>, n: number, offset: number) => fc.sample(arb, { numRuns: n, seed: SEED + offset });

const id = fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/);
const wrong = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.double(), fc.boolean(), fc.string({ maxLength: 80 }), fc.array(fc.anything(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));

/** A valid envelope with one thing broken: a field wrong or missing, or an extra one. Never valid. */
const brokenEnvelope = fc
  .record({ commandId: id, expectedVersion: fc.nat(), field: fc.constantFrom('commandId', 'matchId', 'expectedVersion', 'type', 'extra'), value: wrong })
  .map(({ commandId, expectedVersion, field, value }) => {
    const envelope: Record<string, unknown> = { commandId, matchId: 'fuzz', expectedVersion, type: 'markArrived', payload: { playerId: 'H7', time: 0 } };
    if (field === 'extra') envelope.sneaky = value ?? 1;
    else if (value === undefined) delete envelope[field];
    else envelope[field] = field === 'type' || field === 'commandId' || field === 'matchId' ? (typeof value === 'string' ? `${value}!?` : value) : typeof value === 'number' && Number.isInteger(value) && value >= 0 ? -1 - value : value;
    return envelope;
  });

/** Right envelope, random type and payload: only ever sent by the spectator (a lucky valid command is refused, MR-1). */
const randomCommand = fc.record({
  commandId: id,
  matchId: fc.constant('fuzz'),
  expectedVersion: fc.nat(),
  type: fc.oneof(fc.constantFrom(...ALL_COMMAND_TYPES), fc.string({ maxLength: 50 })),
  payload: fc.anything({ maxDepth: 3 }),
});

const oversized = fc.integer({ min: 17_000, max: 60_000 }).map((n) => ({ commandId: 'big-message-1', matchId: 'fuzz', expectedVersion: 0, type: 'enterScore', payload: { note: 'x'.repeat(n) } }));

type Send = { socket: Socket; event: string; args: unknown[]; allowed: Reply['status'][] };

function messages(captainSocket: Socket, spectatorSocket: Socket): Send[] {
  const out: Send[] = [];
  for (const v of sample(fc.anything({ maxDepth: 4, withTypedArray: true }), 3000, 1)) out.push({ socket: captainSocket, event: 'command', args: [v], allowed: ['error'] });
  for (const v of sample(brokenEnvelope, 2500, 2)) out.push({ socket: captainSocket, event: 'command', args: [v], allowed: ['error'] });
  for (const v of sample(randomCommand, 2500, 3)) out.push({ socket: spectatorSocket, event: 'command', args: [v], allowed: ['error', 'refused'] });
  for (const v of sample(oversized, 200, 4)) out.push({ socket: captainSocket, event: 'command', args: [v], allowed: ['error'] });
  for (const [event, v] of sample(fc.tuple(fc.string({ maxLength: 30 }).filter((e) => !['command', 'sync', 'draft'].includes(e) && e.length > 0), fc.anything({ maxDepth: 2 })), 600, 5)) {
    out.push({ socket: captainSocket, event, args: [v], allowed: ['error'] });
  }
  for (const v of sample(fc.anything({ maxDepth: 3 }), 500, 6)) out.push({ socket: captainSocket, event: 'sync', args: [v], allowed: ['error', 'ok'] });
  for (const v of sample(fc.anything({ maxDepth: 3 }), 500, 7)) out.push({ socket: captainSocket, event: 'draft', args: [v], allowed: ['error', 'ok'] });
  for (const args of sample(fc.array(fc.anything({ maxDepth: 2 }), { minLength: 2, maxLength: 4 }), 300, 8)) {
    out.push({ socket: captainSocket, event: 'command', args, allowed: ['error'] });
  }
  return out;
}

describe('fuzz: random, malformed and oversized messages', () => {
  it('answers each of 10,000+ messages exactly once, stays up, and changes no match', { timeout: 120_000 }, async () => {
    const before = await readMatch();
    const all = messages(captain.socket as unknown as Socket, spectator.socket as unknown as Socket);
    expect(all.length).toBeGreaterThanOrEqual(10_000);
    let answered = 0;
    const unexpected: unknown[] = [];
    for (let i = 0; i < all.length; i += 250) {
      await Promise.all(
        all.slice(i, i + 250).map(async ({ socket, event, args, allowed }) => {
          const raw: unknown = await socket.timeout(10_000).emitWithAck(event, ...args);
          const reply = ReplySchema.parse(raw);
          answered++;
          if (!allowed.includes(reply.status)) unexpected.push({ event, args, reply });
        }),
      );
    }
    expect(unexpected).toEqual([]);
    expect(answered).toBe(all.length);

    // Without an acknowledgement the answer comes as a `problem`, one per message.
    const problemsBefore = captain.problems.length;
    const raw = captain.socket as unknown as Socket;
    for (const v of sample(fc.anything({ maxDepth: 2 }), 200, 9)) raw.emit('command', v);
    await captain.until(() => captain.problems.length - problemsBefore === 200, 10_000, '200 problems');
    expect(captain.problems.slice(problemsBefore).every((p) => p.code === 'BAD_MESSAGE')).toBe(true);

    expect(await readMatch()).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await captain.send({ type: 'markArrived', payload: { playerId: 'H7', time: Date.now() - 1000 } })).toMatchObject({ status: 'accepted' });
  });

  it('a frame over the transport cap closes only that connection; the phone reconnects and nothing changed', async () => {
    const before = await readMatch();
    const seen = captain.welcomes.length;
    (captain.socket as unknown as Socket).emit('command', { junk: 'x'.repeat(200_000) });
    await captain.until(() => captain.welcomes.length > seen && captain.connected, 10_000, 'reconnected');
    expect(await readMatch()).toEqual(before);
    expect(spectator.connected).toBe(true);
  });
});
