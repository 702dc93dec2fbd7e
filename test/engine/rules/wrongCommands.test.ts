import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Actor, CommandSchema, decide, fold, type MatchState, nextActions, sheetStatus } from '../../../shared';
import { AWAY, HOME } from '../harness';
import { declareRound, incident, newMatch, reachEnd, reachRound, reachTie } from '../play';

/**
 * Commands of the incidents, scoring, failure, tie-breaker, dispute, sign-off, agreement, relocation and settings
 * families, thrown at matches in various states: each must be answered (accepted or refused naming a rule), never
 * crash the engine (an ENGINE_ERROR refusal is a caught exception), and the views must still compute afterwards.
 */

function states(): [string, MatchState][] {
  const r3 = reachRound(3);
  declareRound(r3, 3);
  r3.score(HOME, 3, 3, 'H2', 5);
  const failed = reachRound(3);
  declareRound(failed, 3);
  failed.score(HOME, 3, 2, 'H6', 5);
  incident(failed, AWAY, 3, 2, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
  const tie = reachTie();
  tie.ok(HOME, { type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'M1', players: ['H1', 'H2'] } });
  const signed = reachEnd();
  signed.ok(HOME, { type: 'signOff', payload: {} });
  const oneMachine = newMatch({ machines: 1 });
  declareRound(oneMachine, 1, [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M1', players: ['A3', 'A4'] }], [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }]);
  oneMachine.order(1, 1, ['H1', 'A1', 'H2', 'A2']);
  oneMachine.score(HOME, 1, 1, 'H1', 1);
  incident(oneMachine, AWAY, 1, 1, { kind: 'MAJOR_FAILURE', side: HOME, action: 'ELIMINATE' });
  return [['new', newMatch().state], ['round 3 under way', r3.state], ['machine failed', failed.state], ['tie-breaker chosen', tie.state], ['signed by HOME', signed.state], ['no machine left', oneMachine.state]] as [string, MatchState][];
}

const id = fc.constantFrom('H1', 'H2', 'H6', 'A1', 'A2', 'A9', 'M1', 'M2', 'M3', 'X1', 'E1', 'E5', 'E40', 'P1', 'C1', 'zz');
const side = fc.constantFrom('HOME', 'AWAY');
const round = fc.integer({ min: 1, max: 4 });
const game = fc.integer({ min: 1, max: 4 });
const kind = fc.constantFrom('OUT_OF_TURN', 'LOGGED_IN', 'SLAM_TILT', 'MACHINE_DAMAGE', 'TILTED_OPPONENT', 'DEATH_SAVE', 'STUCK_BALL_ADVANTAGE', 'PRACTICE', 'SCORE_STEALING', 'MAJOR_FAILURE', 'MINOR_FAILURE', 'STUCK_BALL', 'SIDE_BY_SIDE');
const action = fc.option(fc.constantFrom('ELIMINATE', 'KEEP', 'RESTART_GAME', 'PLAYER_OPTION', 'RESET_SEGMENTS'), { nil: undefined });
const phase = fc.option(fc.constantFrom('BEFORE_PLAY', 'AFTER_BALLS', 'AFTER_BALL_2'), { nil: undefined });

const command: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('enterScore' as const), payload: fc.record({ round, game, playerId: id, points: fc.nat(), segment: fc.integer({ min: 1, max: 2 }) }) }),
  fc.record({ type: fc.constant('replayGame' as const), payload: fc.record({ round, game }) }),
  fc.record({ type: fc.constant('confirmEntry' as const), payload: fc.record({ entryId: id }) }),
  fc.record({ type: fc.constant('disputeEntry' as const), payload: fc.record({ entryId: id, reason: fc.constant('no') }) }),
  fc.record({ type: fc.constant('recordIncident' as const), payload: fc.record({ round, game, incident: fc.record({ kind, side, playerId: fc.option(id, { nil: undefined }), phase, action }) }) }),
  fc.record({ type: fc.constant('chooseLoggedInOption' as const), payload: fc.record({ entryId: id, option: fc.constantFrom('CONTINUE', 'NEW_GAME') }) }),
  fc.record({ type: fc.constant('markBall2Started' as const), payload: fc.record({ entryId: id }) }),
  fc.record({ type: fc.constant('replaceMachine' as const), payload: fc.record({ round, games: fc.array(fc.record({ game, machineId: id }), { minLength: 1, maxLength: 3 }) }) }),
  fc.record({ type: fc.constant('redeclareGames' as const), payload: fc.record({ round, games: fc.array(fc.record({ game, players: fc.array(id, { maxLength: 2 }) }), { minLength: 1, maxLength: 3 }) }) }),
  fc.record({ type: fc.constant('chooseTiebreaker' as const), payload: fc.record({ format: fc.constantFrom('SHARED_GAME', 'SPLIT_FLIPPER'), machineId: id, players: fc.array(id, { minLength: 2, maxLength: 3 }) }) }),
  fc.record({ type: fc.constant('declareTiebreakerPlayers' as const), payload: fc.record({ players: fc.array(id, { minLength: 2, maxLength: 3 }) }) }),
  fc.record({ type: fc.constantFrom('startTiebreaker' as const, 'replayTiebreaker' as const, 'recordOpponentLeft' as const, 'recordRefusalToMove' as const, 'enableTimeLimit' as const), payload: fc.constant({}) }),
  fc.record({ type: fc.constant('enterTiebreakerScore' as const), payload: fc.record({ side, points: fc.nat() }) }),
  fc.record({ type: fc.constant('challengeGame' as const), payload: fc.record({ round, game, reason: fc.constant('why'), alternative: fc.option(fc.constantFrom('HOME', 'AWAY', 'NONE'), { nil: undefined }) }) }),
  fc.record({ type: fc.constant('withdrawChallenge' as const), payload: fc.record({ challengeId: id }) }),
  fc.record({ type: fc.constant('signOff' as const), payload: fc.record({ flagMinimumPlay: fc.boolean() }) }),
  fc.record({ type: fc.constant('setExtraBall' as const), payload: fc.record({ extraBall: fc.constantFrom('ONE', 'NONE') }) }),
  fc.record({ type: fc.constant('setBallLimit' as const), payload: fc.record({ maxThreeBalls: fc.boolean() }) }),
  fc.record({ type: fc.constant('propose' as const), payload: fc.oneof(
    fc.record({ kind: fc.constant('REMOVE_MACHINE' as const), machineId: id }),
    fc.record({ kind: fc.constant('RESCHEDULE' as const), date: fc.constantFrom('', '2026-10-09'), venue: fc.constantFrom('', 'The Bar', 'Elsewhere') }),
    fc.record({ kind: fc.constantFrom('TIME_LIMIT_OFF' as const, 'ABANDON' as const, 'CHALLENGE_MODES' as const) }),
  ) }),
  fc.record({ type: fc.constantFrom('accept' as const, 'decline' as const), payload: fc.record({ proposalId: id }) }),
  fc.record({ type: fc.constant('relocate' as const), payload: fc.record({ cause: fc.constantFrom('VENUE_CLOSED', 'NO_WORKING_MACHINE'), venueName: fc.constant('V'), leagueVenue: fc.boolean(), reason: fc.constantFrom('', 'r'), machines: fc.constant([{ id: 'X1', name: 'X1' }]) }) }),
  fc.record({ type: fc.constantFrom('recordImproperMove' as const), payload: fc.constant({}) }),
  fc.record({ type: fc.constant('ruleOnChallenge' as const), payload: fc.record({ challengeId: id, ruling: fc.constant('ruled'), officialPlayerId: fc.option(id, { nil: undefined }) }) }),
);
const actor: fc.Arbitrary<Actor> = fc.constantFrom<Actor>({ role: 'captain', side: HOME }, { role: 'captain', side: AWAY }, { role: 'commissioner' }, { role: 'spectator' });

describe('wrong commands never crash the engine', () => {
  it('MR-4 / CALC-5: any sequence of these commands is answered with events or a refusal naming a rule, and the views still compute', () => {
    const start = states();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: start.length - 1 }), fc.array(fc.tuple(actor, command), { minLength: 1, maxLength: 12 }), (s, cmds) => {
        let state = start[s]![1];
        for (const [who, c] of cmds) {
          const parsed = CommandSchema.safeParse(c);
          if (!parsed.success) continue;
          const d = decide(state, { ...parsed.data, at: state.setup.scheduledStart + 3 * 3_600_000 }, who);
          if (!d.ok) {
            expect(d.refusal.code).not.toBe('ENGINE_ERROR');
            expect(d.refusal.rule).toMatch(/^(R-[IVX]+\.|MR-|CALC-|OQ-)/);
            continue;
          }
          state = fold(state, d.events);
          expect(() => { nextActions(state, HOME); nextActions(state, AWAY); sheetStatus(state); }).not.toThrow();
        }
      }),
      { numRuns: 400, seed: 42 },
    );
  });
});

