import { initialState, type MatchSetup, type Side } from '../../shared/index';
import { Match, MIN } from '../engine/harness';

/**
 * Plays a whole lawful match through the real engine on a setup the league built (players are league ids), so
 * tests can see who played (R-V.B.1.2) and what a signed sheet counts (CALC-4). The venue needs machines M1-M4.
 * `winner`: HOME wins every game (16-0, the default), AWAY does, or SPLIT: HOME wins rounds 1 and 3, AWAY rounds 2
 * and 4, for 8-8 and a tie-breaker. Six players per team play; the rest sit out. `sign`: who signs at the end.
 */
export function playMatch(setup: MatchSetup, homeIds: string[], awayIds: string[], o: { winner?: 'HOME' | 'AWAY' | 'SPLIT'; sign?: Side[] } = {}): Match {
  const m = new Match();
  m.state = initialState(setup);
  const start = setup.scheduledStart;
  m.arrive('HOME', homeIds.slice(0, 6), start - 10 * MIN);
  m.arrive('AWAY', awayIds.slice(0, 6), start - 5 * MIN);
  m.clock = start + MIN;
  const [h1, h2, h3, h4, h5, h6] = homeIds as [string, string, string, string, string, string];
  const [a1, a2, a3, a4, a5, a6] = awayIds as [string, string, string, string, string, string];
  const homeWinsRound = (round: number) => (o.winner === 'SPLIT' ? round % 2 === 1 : o.winner !== 'AWAY');
  const score = (side: Side, round: number, game: number, player: string) => {
    const wins = (side === 'HOME') === homeWinsRound(round);
    m.score(side, round, game, player, (wins ? 2 : 1) * 1_000_000);
  };
  const order = (round: number, game: number, turn: string[]) => {
    for (const side of ['HOME', 'AWAY'] as const) {
      const mine = side === 'HOME' ? homeIds : awayIds;
      const seats = turn.map((id, i) => ({ playerId: id, position: i + 1 })).filter((s) => mine.includes(s.playerId));
      if (seats.length > 1) m.ok(side, { type: 'setPlayOrder', payload: { round, game, seats } });
    }
  };

  m.ok('AWAY', { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: [a1, a2] }, { machineId: 'M2', players: [a3, a4] }] } });
  m.ok('HOME', { type: 'declareLineup', payload: { round: 1, games: [{ players: [h1, h2] }, { players: [h3, h4] }] } });
  order(1, 1, [h1, a1, h2, a2]);
  order(1, 2, [h3, a3, h4, a4]);
  for (const [g, hs, as] of [[1, [h1, h2], [a1, a2]], [2, [h3, h4], [a3, a4]]] as const) {
    for (const p of hs) score('HOME', 1, g, p);
    for (const p of as) score('AWAY', 1, g, p);
  }
  m.ok('HOME', { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: [h5, h6] }, { machineId: 'M4', players: [h1, h3] }] } });
  m.ok('AWAY', { type: 'declareLineup', payload: { round: 2, games: [{ players: [a5, a6] }, { players: [a1, a3] }] } });
  order(2, 1, [a5, h5, a6, h6]);
  order(2, 2, [a1, h1, a3, h3]);
  for (const [g, hs, as] of [[1, [h5, h6], [a5, a6]], [2, [h1, h3], [a1, a3]]] as const) {
    for (const p of hs) score('HOME', 2, g, p);
    for (const p of as) score('AWAY', 2, g, p);
  }
  for (const round of [3, 4]) {
    const fd: Side = round === 3 ? 'AWAY' : 'HOME';
    const fdIds = fd === 'AWAY' ? [a1, a2, a3, a4] : [h1, h2, h3, h4];
    const sdIds = fd === 'AWAY' ? [h5, h6, h2, h4] : [a5, a6, a2, a4];
    m.ok(fd, { type: 'declareLineup', payload: { round, games: fdIds.map((p, i) => ({ machineId: `M${(i % 2) + 1}`, players: [p] })) } });
    m.ok(fd === 'AWAY' ? 'HOME' : 'AWAY', { type: 'declareLineup', payload: { round, games: sdIds.map((p) => ({ players: [p] })) } });
    for (let g = 1; g <= 4; g++) {
      score('HOME', round, g, (fd === 'HOME' ? fdIds : sdIds)[g - 1]!);
      score('AWAY', round, g, (fd === 'AWAY' ? fdIds : sdIds)[g - 1]!);
    }
  }
  for (const side of o.sign ?? ['HOME', 'AWAY']) m.ok(side, { type: 'signOff', payload: {} });
  return m;
}
