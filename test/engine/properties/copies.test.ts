import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Challenge, type Copies, type Entry, fold, type GameState, type MatchState, namedCopies } from '../../../shared';
import { copyChallenge, copyEntry, copyGame, copyProposal, copyRound, copyState } from '../../../shared/engine/copies';
import { PROFILE, randomEvening, type Step } from './lawfulMatch';

/**
 * The server folds with copiers that name every field (shared/engine/copies.ts, `namedCopies`), because a spread is
 * ten times dearer in Node 20; phones fold with the default spread. What a named-field copy can get wrong is leaving a
 * field out. These tests check that both folds give the same state after every step of random lawful evenings, and
 * that each copier keeps every optional field when it is there and adds none when it is not.
 */

type Kind = keyof Copies;

describe("the server's named-field copies fold to the same states as spreads (shared/engine/copies.ts)", () => {
  it('over random lawful evenings, folding each step with namedCopies equals folding it with spreadCopies', () => {
    const copied = new Map<Kind, Set<string>>();
    const counting = Object.fromEntries(
      (Object.keys(namedCopies) as Kind[]).map((kind) => [
        kind,
        (o: object) => {
          const seen = copied.get(kind) ?? new Set<string>();
          for (const k of Object.keys(o)) seen.add(k);
          copied.set(kind, seen);
          return (namedCopies[kind] as (o: object) => object)(o);
        },
      ]),
    ) as unknown as Copies;
    const onStep = ({ pre, post, events }: Step) => {
      const named = fold(pre, events, counting);
      // toStrictEqual also tells a missing key from one set to undefined
      expect(named, events.map((e) => e.type).join(', ')).toStrictEqual(post);
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        randomEvening(seed, { onStep }, { ...PROFILE, short: 0.4, failures: 0.12, incidents: 0.3, challenges: 0.3, comings: 0.25 });
      }),
      { numRuns: 60, endOnFailure: true },
    );
    // not vacuous: every kind was copied (optional fields the lawful driver never sets are checked below)
    expect(copied.get('state')).toContain('version');
    expect(copied.get('round')).toContain('lastActivityAt');
    expect(copied.get('game')).toContain('oneAtATime');
    expect([...(copied.get('entry') ?? [])]).toEqual(expect.arrayContaining(['segment', 'ball2Started']));
    expect(copied.get('proposal')).toContain('agreement');
    expect(copied.get('challenge')).toContain('ruling');
  });

  const challenge: Challenge = {
    id: 'c1', by: 'HOME', at: 1, round: 2, game: 3, reason: 'why', reportDue: 9, status: 'RULED', ruling: 'so',
    alternative: 'AWAY', warned: 'HOME', photos: [], report: { text: 'it', by: 'HOME', at: 4, firstSentAt: 4 },
  };
  const score: Entry = {
    kind: 'SCORE', id: 'e1', by: 'AWAY', at: 1, status: 'DISPUTED', round: 1, game: 2, generation: 0, disputeReason: 'no',
    playerId: 'A1', side: 'AWAY', points: 3, segment: 1,
  };
  const incident: Entry = {
    kind: 'INCIDENT', id: 'e2', by: 'HOME', at: 1, status: 'PENDING', round: 1, game: 2, generation: 1,
    incident: { kind: 'SLAM_TILT', side: 'HOME', playerId: 'H1' }, loggedInOption: null, ball2Started: true,
  };
  const game: GameState = {
    round: 1, game: 1, machineId: 'M1', players: { HOME: ['H1'], AWAY: ['A1'] }, writeIn: null, forfeitedBy: [], voided: false,
    seats: { HOME: { H1: 1 }, AWAY: { A1: 2 } }, startedAt: null, seated: null, generation: 0, awaitingMachine: false,
    redeclarable: false, oneAtATime: false,
  };

  /** A new object equal to its original, with exactly its keys (toStrictEqual alone would let a key set to undefined pass). */
  const same = <T extends object>(o: T, copy: (o: T) => T) => {
    const c = copy(o);
    expect(c).not.toBe(o);
    expect(c).toStrictEqual(o);
    expect(Object.keys(c).sort()).toEqual(Object.keys(o).sort());
  };

  it('each copier keeps every field, the optional ones included, and adds none an original lacks', () => {
    same(challenge, copyChallenge);
    const { alternative: _a, warned: _w, photos: _p, report: _r, ...bare } = challenge;
    same(bare, copyChallenge);
    same(score, copyEntry);
    const { disputeReason: _d, ...undisputed } = score;
    same(undisputed, copyEntry);
    same(incident, copyEntry);
    same(game, copyGame);
    same({ round: 1, format: 'DOUBLES', fd: 'AWAY', declarations: { HOME: null, AWAY: null }, games: [game], lastActivityAt: null }, copyRound);
    same({ id: 'p1', by: 'HOME', at: 1, agreement: { kind: 'EXTRA_DELAY' }, status: 'OPEN' }, copyProposal);
  });

  it('the state copier keeps acting captains when a state has them, and leaves them out of one stored before they existed', () => {
    const s = randomEvening(7).runner.state;
    same({ ...s, actingCaptains: { HOME: 'H2' } }, copyState);
    const { actingCaptains: _c, ...older } = s;
    same(older as MatchState, copyState);
  });
});
