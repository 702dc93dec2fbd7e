import {
  gameOutcome,
  gamePoints,
  matchResult,
  playerName,
  SIDES,
  type GameOutcome,
  type Challenge,
  type GameState,
  type MatchState,
  type Side,
} from '../../shared/index';

/**
 * The scoresheet as CSV, one line per game slot and a final line with the result, for the league's records and
 * spreadsheets. Computed from the state with the engine's own views, so it always agrees with the phones.
 */
export function scoresheetCsv(state: MatchState): string {
  const header = [
    'round', 'format', 'game', 'machine', 'home players', 'home total', 'away players', 'away total', 'outcome',
    'home points', 'away points',
  ];
  const lines = [header];
  for (const round of state.rounds) {
    for (const game of round.games) lines.push(gameLine(state, round.format, game));
  }
  const result = matchResult(state);
  const verdict = result.status === 'DECIDED' ? `${result.winner ?? 'no winner'} (${result.how})` : 'in progress';
  lines.push(['match', '', '', '', state.setup.home.name, '', state.setup.away.name, '', verdict, String(result.points.HOME), String(result.points.AWAY)]);
  // OQ-30: who answered for a team none of whose rostered captains came; only when one was named.
  const acting = state.actingCaptains ?? {};
  if (acting.HOME || acting.AWAY) {
    const name = (side: Side) => (acting[side] ? playerName(state, acting[side]) : '');
    lines.push(['acting captain', '', '', '', name('HOME'), '', name('AWAY'), '', '', '', '']);
  }
  // R-VII.D: a line per challenge, with its report (R-VII.D.3.4): the text and the photos' ids, which the official
  // opens at GET /api/matches/:id/photos/:photoId.
  for (const c of state.challenges) lines.push(['challenge', `by ${c.by}`, `R${c.round} G${c.game}`, '', '', '', '', '', challengeSummary(c), '', '']);
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function challengeSummary(c: Challenge): string {
  const photos = c.photos ?? [];
  return [
    c.status.toLowerCase(),
    `reason: ${c.reason}`,
    `report due ${new Date(c.reportDue).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ...(c.report ? [`report: ${c.report.text}`] : []),
    ...(photos.length ? [`photos: ${photos.map((p) => p.id).join(' ')}`] : []),
    ...(c.ruling ? [`ruling: ${c.ruling}`] : []),
  ].join('; ');
}

function gameLine(state: MatchState, format: string, game: GameState): string[] {
  const outcome = gameOutcome(state, game);
  const points = gamePoints(state, game);
  const machine = state.machines.find((m) => m.id === game.machineId)?.name ?? '';
  const players = (side: Side) => game.players[side].map((id) => playerName(state, id)).join(' & ');
  const total = (side: Side) => (outcome.kind === 'WIN' || outcome.kind === 'REPLAY' ? String(outcome.totals[side] ?? '') : '');
  const [home, away] = SIDES as [Side, Side];
  return [
    String(game.round), format, String(game.game), machine, players(home), total(home), players(away), total(away),
    describe(outcome), String(points.HOME), String(points.AWAY),
  ];
}

function describe(outcome: GameOutcome): string {
  switch (outcome.kind) {
    case 'WIN': return `${outcome.side} wins`;
    case 'FORFEIT_WIN': return `${outcome.side} wins by forfeit`;
    case 'VOID': return 'void';
    case 'NO_RESULT': return 'no result';
    case 'REPLAY': return 'replay';
    case 'PENDING': return 'pending';
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/**
 * Quotes every cell, and defuses cells a spreadsheet would run as a formula (a player named "=HYPERLINK(...)"):
 * names come from league data typed by people.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
