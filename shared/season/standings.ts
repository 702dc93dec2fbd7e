import type { LeagueMatchResult } from './results';
import { winnerTeam } from './results';
import type { TieOrder } from './season';

/**
 * R-IV.A: a conference's standings, a pure function of the set of counted regular-season results (INV-25):
 * inputs are put in a canonical order first, so the order matches were signed in never matters.
 *
 * Order: R-IV.A.1 record (OQ-21: winning percentage, then fewer losses), R-IV.A.2 cumulative match points, then
 * among the teams still level R-IV.A.3 head-to-head results and R-IV.A.4 head-to-head match points, computed as a
 * mini-table over the matches among the whole tied group; a subgroup still level restarts at A.3 among itself
 * (OQ-21). Teams level after that are ordered by a standings tie-breaker match (R-IV.A.5) or an official's order
 * (OQ-24b) when one is recorded, and otherwise reported as an unresolved tie.
 */

export type Separation = 'RECORD' | 'POINTS' | 'HEAD_TO_HEAD' | 'HEAD_TO_HEAD_POINTS' | 'TIE_BREAKER_MATCH' | 'OFFICIAL' | 'UNRESOLVED';

export interface TeamRecord {
  teamId: string;
  wins: number;
  losses: number;
  played: number;
  /** R-IV.A.2: cumulative match points, forfeit awards included. */
  points: number;
}

export interface StandingsRow extends TeamRecord {
  position: number;
  /** The criterion that puts this team above the next row (null on the last row). */
  aboveNextBy: Separation | null;
  /** The other teams of an unresolved tie this team is part of. */
  tiedWith: string[];
}

export interface UnresolvedTie {
  teamIds: string[];
  /** 1-based positions the tied teams occupy. */
  from: number;
  to: number;
  /** OQ-22b: some of the tied teams qualify for the playoffs and some do not. */
  straddlesCutoff: boolean;
  /** The tied teams all qualify; the tie only decides their seeds (OQ-24b). */
  decidesSeed: boolean;
  /** R-IV.A.5.4: a tie-breaker match is required. */
  tieBreakerMatchRequired: boolean;
}

export interface ConferenceStandings {
  conferenceId: string;
  qualifiers: number;
  rows: StandingsRow[];
  ties: UnresolvedTie[];
}

export interface StandingsInput {
  conferenceId: string;
  teamIds: readonly string[];
  /** Counted results; only REGULAR ones are used (tie-breaker and playoff matches carry no standings weight). */
  results: readonly LeagueMatchResult[];
  /** R-V.A.1: how many teams qualify. */
  qualifiers: number;
  /** Recorded orders for ties left after A.1-A.4 (this conference's; others are ignored). */
  tieOrders: readonly TieOrder[];
  /** OQ-22b option: a tie that only decides a seed also needs a tie-breaker match. */
  tieBreakerForSeeds: boolean;
}

interface Ratio {
  num: number;
  den: number;
}
const cmpRatio = (a: Ratio, b: Ratio) => a.num * b.den - b.num * a.den;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function teamRecords(teamIds: readonly string[], results: readonly LeagueMatchResult[]): Map<string, TeamRecord> {
  const records = new Map(teamIds.map((id) => [id, { teamId: id, wins: 0, losses: 0, played: 0, points: 0 }]));
  for (const r of results) {
    const winner = winnerTeam(r);
    for (const [teamId, pts] of [[r.homeTeamId, r.points.HOME], [r.awayTeamId, r.points.AWAY]] as const) {
      const rec = records.get(teamId);
      if (!rec) continue;
      rec.played += 1;
      rec.points += pts;
      if (winner === teamId) rec.wins += 1;
      else rec.losses += 1;
    }
  }
  return records;
}

/** OQ-21: winning percentage (a team without a match counts 0), then fewer losses; then R-IV.A.2 points. */
function compareOverall(a: TeamRecord, b: TeamRecord): number {
  const pct = cmpRatio({ num: b.wins, den: Math.max(b.played, 1) }, { num: a.wins, den: Math.max(a.played, 1) });
  if (pct !== 0) return pct;
  if (a.losses !== b.losses) return a.losses - b.losses;
  return b.points - a.points;
}

function overallSeparation(a: TeamRecord, b: TeamRecord): Separation {
  const sameRecord = cmpRatio({ num: a.wins, den: Math.max(a.played, 1) }, { num: b.wins, den: Math.max(b.played, 1) }) === 0 && a.losses === b.losses;
  return sameRecord ? 'POINTS' : 'RECORD';
}

interface Placed {
  teamId: string;
  nextBy: Separation | null;
  tie: string[] | null;
}

interface HeadToHead {
  pct: Ratio;
  points: number;
}

/** R-IV.A.3 / R-IV.A.4 over the matches among `group` only. A team that met none of the others counts .500 (neutral). */
function headToHead(group: readonly string[], results: readonly LeagueMatchResult[]): Map<string, HeadToHead> {
  const inGroup = new Set(group);
  const wins = new Map(group.map((id) => [id, 0]));
  const games = new Map(group.map((id) => [id, 0]));
  const points = new Map(group.map((id) => [id, 0]));
  for (const r of results) {
    if (!inGroup.has(r.homeTeamId) || !inGroup.has(r.awayTeamId)) continue;
    const winner = winnerTeam(r);
    for (const [teamId, pts] of [[r.homeTeamId, r.points.HOME], [r.awayTeamId, r.points.AWAY]] as const) {
      games.set(teamId, games.get(teamId)! + 1);
      points.set(teamId, points.get(teamId)! + pts);
      if (winner === teamId) wins.set(teamId, wins.get(teamId)! + 1);
    }
  }
  return new Map(group.map((id) => {
    const n = games.get(id)!;
    return [id, { pct: n === 0 ? { num: 1, den: 2 } : { num: wins.get(id)!, den: n }, points: points.get(id)! }];
  }));
}

/** Orders a group level on A.1-A.2 (or on A.3-A.4 within a larger group). */
function orderTied(group: readonly string[], results: readonly LeagueMatchResult[], orders: readonly TieOrder[]): Placed[] {
  const h2h = headToHead(group, results);
  const cmp = (a: string, b: string) => {
    const x = h2h.get(a)!;
    const y = h2h.get(b)!;
    return cmpRatio(y.pct, x.pct) || y.points - x.points;
  };
  const sorted = [...group].sort((a, b) => cmp(a, b) || byId(a, b));
  const subgroups: string[][] = [];
  for (const id of sorted) {
    const last = subgroups[subgroups.length - 1];
    if (last && cmp(last[0]!, id) === 0) last.push(id);
    else subgroups.push([id]);
  }
  if (subgroups.length === 1) return unresolved(group, orders);

  const placed: Placed[] = [];
  for (const [i, sub] of subgroups.entries()) {
    const inner: Placed[] = sub.length === 1 ? [{ teamId: sub[0]!, nextBy: null, tie: null }] : orderTied(sub, results, orders);
    const next = subgroups[i + 1];
    if (next) {
      const samePct = cmpRatio(h2h.get(sub[0]!)!.pct, h2h.get(next[0]!)!.pct) === 0;
      inner[inner.length - 1]!.nextBy = samePct ? 'HEAD_TO_HEAD_POINTS' : 'HEAD_TO_HEAD';
    }
    placed.push(...inner);
  }
  return placed;
}

/** R-IV.A.5 / OQ-24b: a recorded order covering the whole tied group settles it; otherwise the tie stands. */
function unresolved(group: readonly string[], orders: readonly TieOrder[]): Placed[] {
  const order = orders.find((o) => group.every((id) => o.teamIds.includes(id)));
  if (order) {
    const sorted = [...group].sort((a, b) => order.teamIds.indexOf(a) - order.teamIds.indexOf(b));
    const by: Separation = order.source === 'TIEBREAKER_MATCH' ? 'TIE_BREAKER_MATCH' : 'OFFICIAL';
    return sorted.map((teamId, i) => ({ teamId, nextBy: i < sorted.length - 1 ? by : null, tie: null }));
  }
  const sorted = [...group].sort(byId);
  return sorted.map((teamId, i) => ({ teamId, nextBy: i < sorted.length - 1 ? 'UNRESOLVED' : null, tie: sorted }));
}

export function computeStandings(input: StandingsInput): ConferenceStandings {
  // INV-25: a canonical order of the inputs makes the result independent of the order matches were signed in.
  const results = input.results.filter((r) => r.kind === 'REGULAR').slice().sort((a, b) => byId(a.matchId, b.matchId));
  const teamIds = [...new Set(input.teamIds)].sort(byId);
  const orders = input.tieOrders.filter((o) => o.conferenceId === input.conferenceId);
  const records = teamRecords(teamIds, results);
  const overall = teamIds.sort((a, b) => compareOverall(records.get(a)!, records.get(b)!) || byId(a, b));

  const placed: Placed[] = [];
  let i = 0;
  while (i < overall.length) {
    let j = i + 1;
    while (j < overall.length && compareOverall(records.get(overall[i]!)!, records.get(overall[j]!)!) === 0) j++;
    const group = overall.slice(i, j);
    const inner: Placed[] = group.length === 1 ? [{ teamId: group[0]!, nextBy: null, tie: null }] : orderTied(group, results, orders);
    if (j < overall.length) inner[inner.length - 1]!.nextBy = overallSeparation(records.get(overall[i]!)!, records.get(overall[j]!)!);
    placed.push(...inner);
    i = j;
  }

  const rows: StandingsRow[] = placed.map((p, k) => ({
    ...records.get(p.teamId)!,
    position: k + 1,
    aboveNextBy: p.nextBy,
    tiedWith: p.tie ? p.tie.filter((id) => id !== p.teamId) : [],
  }));
  return { conferenceId: input.conferenceId, qualifiers: input.qualifiers, rows, ties: tiesOf(rows, input) };
}

function tiesOf(rows: readonly StandingsRow[], input: StandingsInput): UnresolvedTie[] {
  const ties: UnresolvedTie[] = [];
  const seen = new Set<string>();
  const q = Math.min(input.qualifiers, rows.length);
  for (const row of rows) {
    if (row.tiedWith.length === 0 || seen.has(row.teamId)) continue;
    const members = rows.filter((r) => r.teamId === row.teamId || row.tiedWith.includes(r.teamId));
    members.forEach((m) => seen.add(m.teamId));
    const from = members[0]!.position;
    const to = members[members.length - 1]!.position;
    const straddlesCutoff = from <= q && to > q;
    const decidesSeed = to <= q;
    ties.push({
      teamIds: members.map((m) => m.teamId),
      from,
      to,
      straddlesCutoff,
      decidesSeed,
      tieBreakerMatchRequired: straddlesCutoff || (input.tieBreakerForSeeds && decidesSeed),
    });
  }
  return ties;
}
