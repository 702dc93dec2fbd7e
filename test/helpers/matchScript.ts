import { expect } from 'vitest';
import type { CommandInput, MatchSetupInput, MatchState, Side } from '../../shared/index';
import type { Reply } from '../../shared/protocol';
import { ADMIN_TOKEN } from './serverProcess';
import type { RoomClient } from './roomClient';

/**
 * A lawful match for the room tests, as the steps two captains tap: the same evening as the engine's own
 * full-match test (test/engine/fullMatch.test.ts), HOME H1-H8 v AWAY A1-A8 on machines M1-M4, played through
 * real sockets. The match is scheduled ten minutes ago, because the server stamps commands with its own clock.
 */

export function testSetup(matchId: string, now = Date.now()): MatchSetupInput {
  const players = (p: string) =>
    Array.from({ length: 8 }, (_, i) => ({ id: `${p}${i + 1}`, name: `${p}${i + 1}`, status: 'STARTER' as const, captain: i === 0 }));
  return {
    matchId,
    home: { id: 'hawks', name: 'Hawks', players: players('H') },
    away: { id: 'aces', name: 'Aces', players: players('A') },
    venue: { id: 'bar', name: 'The Bar', machines: [1, 2, 3, 4].map((i) => ({ id: `M${i}`, name: `Machine ${i}`, kind: 'FOUR_PLAYER' as const })) },
    scheduledStart: now - 10 * 60_000,
  };
}

export interface CreatedMatch {
  matchId: string;
  tokens: Record<Side, string>;
  captainLinks: Record<Side, string>;
  spectatorLink: string;
}

export async function createMatch(baseUrl: string, matchId: string): Promise<CreatedMatch> {
  const res = await fetch(`${baseUrl}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify(testSetup(matchId)),
  });
  if (res.status !== 201) throw new Error(`create match: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Omit<CreatedMatch, 'tokens'>;
  const token = (link: string) => new URL(link, baseUrl).searchParams.get('t') ?? '';
  return { ...body, tokens: { HOME: token(body.captainLinks.HOME), AWAY: token(body.captainLinks.AWAY) } };
}

/** One tap: which captain sends what (computed from that captain's state when it depends on it, e.g. an entry id). */
export interface Step {
  side: Side;
  command: CommandInput | ((state: MatchState) => CommandInput);
}

const other = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

function lastEntryId(state: MatchState): string {
  const entry = state.entries.at(-1);
  if (!entry) throw new Error('no entry to confirm');
  return entry.id;
}

/** Enter a score, and the other captain confirms it (MR-4). */
const score = (by: Side, round: number, game: number, playerId: string, points: number): Step[] => [
  { side: by, command: { type: 'enterScore', payload: { round, game, playerId, points } } },
  { side: other(by), command: (s) => ({ type: 'confirmEntry', payload: { entryId: lastEntryId(s) } }) },
];

const order = (round: number, game: number, turnOrder: string[]): Step[] =>
  (['HOME', 'AWAY'] as const).map((side) => ({
    side,
    command: {
      type: 'setPlayOrder' as const,
      payload: { round, game, seats: turnOrder.map((id, i) => ({ playerId: id, position: i + 1 })).filter((s) => s.playerId.startsWith(side[0]!)) },
    },
  }));

/** The whole evening, HOME winning every game (16-0), ending with both sign-offs. */
export function fullMatchSteps(arrivalTime = Date.now() - 60_000): Step[] {
  const steps: Step[] = [];
  for (const side of ['HOME', 'AWAY'] as const) {
    for (let i = 1; i <= 6; i++) steps.push({ side, command: { type: 'markArrived', payload: { playerId: `${side[0]}${i}`, time: arrivalTime } } });
  }
  const HI = 2_000_000;
  const LO = 1_000_000;
  steps.push({ side: 'AWAY', command: { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] } } });
  steps.push({ side: 'HOME', command: { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } } });
  steps.push(...order(1, 1, ['H1', 'A1', 'H2', 'A2']), ...order(1, 2, ['H3', 'A3', 'H4', 'A4']));
  for (const [g, hs, as] of [[1, ['H1', 'H2'], ['A1', 'A2']], [2, ['H3', 'H4'], ['A3', 'A4']]] as const) {
    for (const p of hs) steps.push(...score('HOME', 1, g, p, HI));
    for (const p of as) steps.push(...score('AWAY', 1, g, p, LO));
  }
  steps.push({ side: 'HOME', command: { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } } });
  steps.push({ side: 'AWAY', command: { type: 'declareLineup', payload: { round: 2, games: [{ players: ['A5', 'A6'] }, { players: ['A1', 'A3'] }] } } });
  steps.push(...order(2, 1, ['A5', 'H5', 'A6', 'H6']), ...order(2, 2, ['A1', 'H1', 'A3', 'H3']));
  for (const [g, hs, as] of [[1, ['H5', 'H6'], ['A5', 'A6']], [2, ['H1', 'H3'], ['A1', 'A3']]] as const) {
    for (const p of hs) steps.push(...score('HOME', 2, g, p, HI));
    for (const p of as) steps.push(...score('AWAY', 2, g, p, LO));
  }
  for (const round of [3, 4]) {
    const fd: Side = round === 3 ? 'AWAY' : 'HOME';
    const sd = other(fd);
    const fdIds = fd === 'AWAY' ? ['A1', 'A2', 'A3', 'A4'] : ['H1', 'H2', 'H3', 'H4'];
    const sdIds = sd === 'AWAY' ? ['A5', 'A6', 'A2', 'A4'] : ['H5', 'H6', 'H2', 'H4'];
    steps.push({ side: fd, command: { type: 'declareLineup', payload: { round, games: fdIds.map((p, i) => ({ machineId: `M${(i % 2) + 1}`, players: [p] })) } } });
    steps.push({ side: sd, command: { type: 'declareLineup', payload: { round, games: sdIds.map((p) => ({ players: [p] })) } } });
    for (let g = 1; g <= 4; g++) {
      steps.push(...score('HOME', round, g, (fd === 'HOME' ? fdIds : sdIds)[g - 1]!, HI));
      steps.push(...score('AWAY', round, g, (fd === 'AWAY' ? fdIds : sdIds)[g - 1]!, LO));
    }
  }
  steps.push({ side: 'HOME', command: { type: 'signOff', payload: {} } }, { side: 'AWAY', command: { type: 'signOff', payload: {} } });
  return steps;
}

/**
 * Plays `steps` with the two captains, each waiting until it holds every acknowledged event first (as a captain
 * looks at the sheet before tapping). Returns the answers; every one must be an acceptance.
 */
export async function play(captains: Record<Side, RoomClient>, steps: Step[], acked = { version: 0 }): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (const step of steps) {
    const client = captains[step.side];
    await client.untilVersion(acked.version);
    const command = typeof step.command === 'function' ? step.command(client.state!) : step.command;
    const reply = await client.send(command);
    if (reply.status !== 'accepted') throw new Error(`${step.side} ${command.type} not accepted: ${JSON.stringify(reply)}`);
    acked.version = reply.version;
    replies.push(reply);
  }
  return replies;
}

/** The parts of the state every phone must agree on (the whole state: it is plain JSON). */
export function expectSameState(a: RoomClient, b: RoomClient): void {
  expect(a.version).toBe(b.version);
  expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
}
