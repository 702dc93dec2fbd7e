import { fold, initialState, evolve, type MatchEvent } from '../shared';
import { Match, at, HOME, AWAY } from '../test/engine/harness';

function play(): Match {
  const m = new Match();
  m.arrive(HOME, ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], at('19:50'));
  m.arrive(AWAY, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'], at('19:55'));
  m.clock = at('20:01');
  m.ok(AWAY, { type: 'declareLineup', payload: { round: 1, games: [{ machineId: 'M1', players: ['A1', 'A2'] }, { machineId: 'M2', players: ['A3', 'A4'] }] } });
  m.ok(HOME, { type: 'declareLineup', payload: { round: 1, games: [{ players: ['H1', 'H2'] }, { players: ['H3', 'H4'] }] } });
  m.order(1, 1, ['H1', 'A1', 'H2', 'A2']); m.order(1, 2, ['H3', 'A3', 'H4', 'A4']);
  for (const [g, hs, as] of [[1, ['H1', 'H2'], ['A1', 'A2']], [2, ['H3', 'H4'], ['A3', 'A4']]] as const) {
    for (const p of hs) m.score(HOME, 1, g, p, 2e6);
    for (const p of as) m.score(AWAY, 1, g, p, 1e6);
  }
  m.ok(HOME, { type: 'declareLineup', payload: { round: 2, games: [{ machineId: 'M3', players: ['H5', 'H6'] }, { machineId: 'M4', players: ['H1', 'H3'] }] } });
  m.ok(AWAY, { type: 'declareLineup', payload: { round: 2, games: [{ players: ['A5', 'A6'] }, { players: ['A1', 'A3'] }] } });
  m.order(2, 1, ['A5', 'H5', 'A6', 'H6']); m.order(2, 2, ['A1', 'H1', 'A3', 'H3']);
  for (const [g, hs, as] of [[1, ['H5', 'H6'], ['A5', 'A6']], [2, ['H1', 'H3'], ['A1', 'A3']]] as const) {
    for (const p of hs) m.score(HOME, 2, g, p, 2e6);
    for (const p of as) m.score(AWAY, 2, g, p, 1e6);
  }
  for (const round of [3, 4]) {
    const fd = round === 3 ? AWAY : HOME; const sd = fd === AWAY ? HOME : AWAY;
    const fdIds = fd === AWAY ? ['A1', 'A2', 'A3', 'A4'] : ['H1', 'H2', 'H3', 'H4'];
    const sdIds = sd === AWAY ? ['A5', 'A6', 'A2', 'A4'] : ['H5', 'H6', 'H2', 'H4'];
    m.ok(fd, { type: 'declareLineup', payload: { round, games: fdIds.map((p, i) => ({ machineId: `M${(i % 2) + 1}`, players: [p] })) } });
    m.ok(sd, { type: 'declareLineup', payload: { round, games: sdIds.map((p) => ({ players: [p] })) } });
    for (let g = 1; g <= 4; g++) {
      m.score(HOME, round, g, (fd === HOME ? fdIds : sdIds)[g - 1]!, 2e6);
      m.score(AWAY, round, g, (fd === AWAY ? fdIds : sdIds)[g - 1]!, 1e6);
    }
  }
  return m;
}
const t0 = performance.now();
const m = play();
const t1 = performance.now();
const init = initialState(m.state.setup);
const log: MatchEvent[] = m.log;
const N = 2000;
let s = init;
const t2 = performance.now();
for (let i = 0; i < N; i++) s = fold(init, log);
const t3 = performance.now();
for (let i = 0; i < 200; i++) { let x = init; for (const e of log) x = evolve(x, e); }
const t4 = performance.now();
console.log(`events=${log.length} play=${(t1 - t0).toFixed(1)}ms fold(full log)=${((t3 - t2) / N * 1000).toFixed(1)}us evolve-per-event over log=${((t4 - t3) / 200 * 1000).toFixed(1)}us same=${JSON.stringify(s) === JSON.stringify(m.state)}`);
