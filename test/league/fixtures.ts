import {
  fixedOffsetZone, instantOfLocal, type LeaguePlayer, type LeagueMatchResult, type LocalDate, type RosterEditInput,
  RosterEditSchema, type RosterMember, rosterOn, type Season, SeasonSchema, type SeasonInput, type SeasonRosters,
  type SeasonTeam, SeasonTeamSchema, submitRosterRequest, type Verdict, type Weekday,
} from '../../shared/season/index';
import type { Refusal } from '../../shared/index';

/**
 * A small league for the pure tests: a season in a fixed-offset zone (UTC-5, the league's local time), league
 * players P1..P80, and a helper that submits roster batches through the real rules and keeps the accepted ones.
 */

export const ZONE = fixedOffsetZone(-5 * 60, 'league time (UTC-5)');
/** Epoch ms of a league-local date and 'HH:MM'. */
export const local = (date: LocalDate, hhmm = '12:00') => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return instantOfLocal(date, h * 60 + m, ZONE);
};

export const SEASON_START = '2024-09-02';
export const SEASON_END = '2024-12-09';

export function season(overrides: Partial<SeasonInput> = {}): Season {
  return SeasonSchema.parse({
    id: 's24',
    name: 'Fall 2024',
    timeZone: 'America/Chicago',
    conferences: [
      { id: 'north', name: 'North', matchWeekday: 'MON' },
      { id: 'south', name: 'South', matchWeekday: 'WED' },
    ],
    regularSeason: { start: SEASON_START, end: SEASON_END },
    ...overrides,
  });
}

export function people(n = 80, ranks: Record<string, number> = {}): Map<string, LeaguePlayer> {
  return new Map(
    Array.from({ length: n }, (_, i) => {
      const id = `P${i + 1}`;
      return [id, { id, name: `Player ${i + 1}`, ifpaNumber: 10_000 + i, ifpaRank: ranks[id] ?? null }];
    }),
  );
}

export function team(id: string, weekday: Weekday, conferenceId = 'north', homeVenueId = `bar-${id}`): SeasonTeam {
  return SeasonTeamSchema.parse({ id, seasonId: 's24', name: `Team ${id}`, conferenceId, homeVenueId, weekday });
}

export interface Spec {
  /** Player ids; the first `captains` are captains, the last `reserves` are reserves. */
  players: string[];
  captains?: number;
  reserves?: number;
}

export const registrationEdits = (spec: Spec): RosterEditInput[] =>
  spec.players.map((playerId, i) => ({
    op: 'ADD',
    playerId,
    status: i >= spec.players.length - (spec.reserves ?? 0) ? 'RESERVE' : 'STARTER',
    captain: i < (spec.captains ?? 1),
  }));

export const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `P${from + i}`);

export class League {
  season: Season;
  teams: SeasonTeam[];
  players: Map<string, LeaguePlayer>;
  rosters: SeasonRosters;
  private n = 0;

  constructor(teams: SeasonTeam[], o: { season?: Season; players?: Map<string, LeaguePlayer> } = {}) {
    this.season = o.season ?? season();
    this.teams = teams;
    this.players = o.players ?? people();
    this.rosters = { seasonId: this.season.id, teams: {} };
  }

  team(id: string): SeasonTeam {
    const t = this.teams.find((x) => x.id === id);
    if (!t) throw new Error(`no team ${id}`);
    return t;
  }

  /** Submits a batch; keeps it when accepted. */
  submit(teamId: string, kind: 'REGISTRATION' | 'CHANGE', effective: LocalDate, edits: RosterEditInput[], at: number, requestedBy?: string, continuing?: string[]): Verdict<unknown> {
    const parsed = edits.map((e) => RosterEditSchema.parse(e));
    const by = requestedBy ?? this.captainOf(teamId, effective) ?? parsed.find((e) => e.op === 'ADD' && e.captain)?.playerId ?? 'P1';
    const v = submitRosterRequest(
      { season: this.season, team: this.team(teamId), teams: this.teams, rosters: this.rosters, players: this.players, zone: ZONE, continuing },
      { id: `b${++this.n}`, kind, effective, requestedBy: by, enteredBy: 'OFFICIAL', edits: parsed, submittedAt: at },
    );
    if (v.ok) this.rosters = v.value.rosters;
    return v;
  }

  register(teamId: string, spec: Spec, effective: LocalDate = SEASON_START): void {
    const v = this.submit(teamId, 'REGISTRATION', effective, registrationEdits(spec), local(effective, '09:00'));
    if (!v.ok) throw new Error(`registration of ${teamId} refused: ${v.refusal.rule} ${v.refusal.message}`);
  }

  /** A change for `effective`, submitted on that day at `hhmm` (before the deadline by default). */
  change(teamId: string, effective: LocalDate, edits: RosterEditInput[], hhmm = '10:00', requestedBy?: string): Verdict<unknown> {
    return this.submit(teamId, 'CHANGE', effective, edits, local(effective, hhmm), requestedBy);
  }

  captainOf(teamId: string, date: LocalDate): string | undefined {
    return rosterOn(this.rosters.teams[teamId], date).find((m) => m.captain)?.playerId;
  }

  roster(teamId: string, date: LocalDate): RosterMember[] {
    return rosterOn(this.rosters.teams[teamId], date);
  }
}

/** The refusal of a verdict that must be refused (fails the test otherwise). */
export function refusalOf(v: Verdict<unknown>): Refusal {
  if (v.ok) throw new Error('expected a refusal, the request was accepted');
  return v.refusal;
}

export function accepted(v: Verdict<unknown>): void {
  if (!v.ok) throw new Error(`expected acceptance, refused: ${v.refusal.rule} ${v.refusal.message}`);
}

let resultNo = 0;
/** A counted regular-season result: HOME's and AWAY's match points, winner by points unless given (tie-breaker). */
export function result(home: string, away: string, homePts: number, awayPts: number, o: { winner?: 'HOME' | 'AWAY' | null; id?: string; kind?: LeagueMatchResult['kind']; date?: string } = {}): LeagueMatchResult {
  const winner = o.winner !== undefined ? o.winner : homePts > awayPts ? 'HOME' : homePts < awayPts ? 'AWAY' : null;
  return {
    matchId: o.id ?? `r${++resultNo}`,
    kind: o.kind ?? 'REGULAR',
    date: o.date ?? '2024-10-01',
    homeTeamId: home,
    awayTeamId: away,
    winner,
    points: { HOME: homePts, AWAY: awayPts },
    how: 'match points',
    source: 'SCORESHEET',
  };
}
