import { expect } from 'vitest';
import type { MatchSetupInput, Side } from '../../shared/index';
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

export { fullMatchSteps, type Step } from './eveningScript';
import type { Step } from './eveningScript';

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
