import { beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, MatchState, Side } from '../../shared/index';
import { RoomClient } from '../helpers/roomClient';
import { createMatch, fullMatchSteps, play, type CreatedMatch } from '../helpers/matchScript';
import { ALL_COMMAND_TYPES, SAMPLE_COMMANDS } from '../helpers/sampleCommands';
import {
  ADMIN_TOKEN, afterAllStopServer, PROCESS_TEST_TIMEOUT, ServerProcess, SHARED_REDIS, uniquePrefix,
} from '../helpers/serverProcess';

/**
 * The authorization matrix (MR-1, MR-2, MR-4): every command type from a spectator, a forged token and a stale
 * token (another match's captain link); the commands one team owns sent by the other team's captain; captain
 * commands from the commissioner. All refused, and the match does not change by a single byte.
 */

const prefix = uniquePrefix('authz');
let server: ServerProcess;
let match: CreatedMatch;
let other: CreatedMatch;
let captains: Record<Side, RoomClient>;
let before: { version: number; state: MatchState };
const clients: RoomClient[] = [];

const connect = async (token?: string) => {
  const c = await RoomClient.connect({ url: server.url, matchId: match.matchId, ...(token ? { token } : {}) });
  clients.push(c);
  return c;
};

const readMatch = async () => (await (await fetch(`${server.url}/api/matches/${match.matchId}`)).json()) as { version: number; state: MatchState };

beforeAll(async () => {
  server = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix });
  match = await createMatch(server.url, 'authz');
  other = await createMatch(server.url, 'authz-other');
  captains = { HOME: await connect(match.tokens.HOME), AWAY: await connect(match.tokens.AWAY) };
  // Mid-match: everyone arrived, round 1 declared and ordered, HOME entered a score AWAY has not confirmed yet,
  // and HOME proposed one-at-a-time play.
  await play(captains, fullMatchSteps().slice(0, 19));
  await play(captains, [{ side: 'HOME', command: { type: 'propose', payload: { kind: 'ONE_AT_A_TIME' } } }]);
  await captains.AWAY.untilVersion(20);
  before = await readMatch();
}, PROCESS_TEST_TIMEOUT);

afterAllStopServer(prefix, clients, () => server);

it('the sample table covers every command type of the engine', () => {
  expect(Object.keys(SAMPLE_COMMANDS).sort()).toEqual([...ALL_COMMAND_TYPES].sort());
});

describe.each([
  ['a spectator (public link)', () => undefined, false],
  ['a forged token', () => 'forged-token-AAAAAAAAAAAAAAAAAAAA', true],
  ["a stale token (another match's captain link)", () => other.tokens.HOME, true],
])('every command type from %s is refused (MR-1)', (_who, token, rejected) => {
  it('is read only, is told so, and changes nothing', async () => {
    const client = await connect(token());
    expect(client.welcome).toMatchObject({ role: 'spectator', ...(rejected ? { tokenRejected: true } : {}) });
    for (const type of ALL_COMMAND_TYPES) {
      const reply = await client.send(SAMPLE_COMMANDS[type as keyof typeof SAMPLE_COMMANDS] as CommandInput);
      expect(reply, type).toMatchObject({ status: 'refused', rule: 'MR-1', version: before.version });
    }
    expect(await readMatch()).toEqual(before);
  });
});

describe("a team's own commands from the other team's captain are refused (MR-2, MR-4)", () => {
  const entryId = () => before.state.entries.at(-1)!.id;
  const proposalId = () => before.state.proposals.at(-1)!.id;
  // [sender, what it tries, the rule that refuses it, the command]
  const cases: [Side, string, string, () => CommandInput][] = [
    ['HOME', 'marks an AWAY player present', 'R-VI.C.1.2', () => ({ type: 'markArrived', payload: { playerId: 'A7', time: Date.now() - 1000 } })],
    ['HOME', 'marks an AWAY player gone', 'R-VI.C.3', () => ({ type: 'markDeparted', payload: { playerId: 'A5', time: Date.now() - 1000 } })],
    ['HOME', "sets AWAY's play order", 'R-III.C.3', () => ({ type: 'setPlayOrder', payload: { round: 1, game: 2, seats: [{ playerId: 'A3', position: 2 }, { playerId: 'A4', position: 4 }] } })],
    ['HOME', 'confirms its own score entry', 'MR-4', () => ({ type: 'confirmEntry', payload: { entryId: entryId() } })],
    ['HOME', 'disputes its own score entry', 'MR-4', () => ({ type: 'disputeEntry', payload: { entryId: entryId(), reason: 'x' } })],
    ['HOME', 'accepts its own proposal', 'R-VII.O.5.1', () => ({ type: 'accept', payload: { proposalId: proposalId() } })],
    ['HOME', 'declines its own proposal', 'R-VII.O.5.1', () => ({ type: 'decline', payload: { proposalId: proposalId() } })],
    ['AWAY', "sets HOME's extra-ball choice", 'R-VII.F.1', () => ({ type: 'setExtraBall', payload: { extraBall: 'NONE' } })],
    ['AWAY', "sets HOME's ball limit", 'R-VII.F.2', () => ({ type: 'setBallLimit', payload: { maxThreeBalls: true } })],
    ['AWAY', 'declares round 2 before HOME, its first declarer', 'R-III.B.3', () => SAMPLE_COMMANDS.declareLineup as CommandInput],
    ['HOME', "records a league official's ruling", 'R-VII.D.2.4', () => SAMPLE_COMMANDS.ruleOnChallenge as CommandInput],
    ['AWAY', 'records an improper move (officials only)', 'R-VII.D.2.4', () => SAMPLE_COMMANDS.recordImproperMove as CommandInput],
  ];
  it.each(cases)('%s captain %s: refused by %s', async (side, _what, rule, command) => {
    const reply = await captains[side].send(command());
    expect(reply).toMatchObject({ status: 'refused', rule, version: before.version });
    expect(await readMatch()).toEqual(before);
  });
});

it("the commissioner cannot act for a team (MR-1): every captain command is refused", async () => {
  const commissioner = await connect(ADMIN_TOKEN);
  expect(commissioner.welcome).toMatchObject({ role: 'commissioner' });
  const officials = ['recordImproperMove', 'ruleOnChallenge', 'designateActingCaptain'];
  for (const type of ALL_COMMAND_TYPES.filter((t) => !officials.includes(t))) {
    const reply = await commissioner.send(SAMPLE_COMMANDS[type as keyof typeof SAMPLE_COMMANDS] as CommandInput);
    expect(reply, type).toMatchObject({ status: 'refused', rule: 'MR-1' });
  }
  // OQ-30: an official may name a team's acting captain: judged by that rule (here HOME's captain is present).
  expect(await commissioner.send(SAMPLE_COMMANDS.designateActingCaptain as CommandInput)).toMatchObject({ status: 'refused', rule: 'OQ-30', code: 'CAPTAIN_PRESENT' });
  expect(await readMatch()).toEqual(before);
});
