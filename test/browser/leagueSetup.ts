import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { MatchState, Side } from '../../shared/index';
import { fullMatchSteps } from '../helpers/eveningScript';
import { RoomClient } from '../helpers/roomClient';
import { baseUrl } from './matches';

/**
 * A small league season for the browser tests, built through the league REST API (`/api/league`, as
 * test/league/restSuite.ts does), and a whole evening played in one of its rooms through the wire protocol.
 *
 * Dates: a roster registration for day D is due by 16:00 on D (R-II.C.3) and a match may only use a roster in
 * force on its date, so the season's one match is scheduled for *tomorrow* (league time), which is always in time
 * whatever hour the test runs. Its room opens now; declaring round 1 before the scheduled start would need both
 * captains' agreement (OQ-28), so the season turns that setting off (`earlyStartNeedsAgreement: false`).
 */

export const TIME_ZONE = 'America/Chicago';

export interface LeagueSeason {
  seasonId: string;
  matchId: string;
  home: { id: string; name: string };
  away: { id: string; name: string };
  /** Captain tokens of the opened room (from the captain links). */
  tokens: Record<Side, string>;
}

/** A league-local date (YYYY-MM-DD) `days` after today in `TIME_ZONE`. */
export function leagueDate(days: number, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now + days * 86_400_000));
}

export async function admin(request: APIRequestContext, method: 'PUT' | 'POST' | 'DELETE', path: string, data: unknown, expected: number): Promise<unknown> {
  const res = await request.fetch(`${baseUrl()}/api/league${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${process.env.LN_ADMIN_TOKEN ?? ''}`, 'content-type': 'application/json' },
  });
  if (res.status() !== expected) throw new Error(`${method} /api/league${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/**
 * One conference, two teams of eight (captain first, last a reserve) with players H1..H8 and A1..A8, a bar of four
 * 4-player machines M1..M4 at each home, one regular match HOME v AWAY tomorrow, and its room opened.
 */
export async function createLeagueSeason(request: APIRequestContext): Promise<LeagueSeason> {
  const tag = randomBytes(4).toString('hex');
  const seasonId = `s-${tag}`;
  const matchId = `m-${tag}`;
  const matchDate = leagueDate(1);
  const home = { id: `home-${tag}`, name: 'Flipper Fiends' };
  const away = { id: `away-${tag}`, name: 'Tilt Warriors' };
  await admin(request, 'PUT', `/seasons/${seasonId}`, {
    name: `Browser season ${tag}`,
    timeZone: TIME_ZONE,
    regularSeason: { start: leagueDate(-7), end: leagueDate(60) },
    conferences: [{ id: 'main', name: 'Main', matchWeekday: 'MON' }],
    settings: { match: { earlyStartNeedsAgreement: false } },
  }, 201);
  // Player and venue ids are league-wide: prefixed so parallel tests never share them.
  const pid = (p: string) => `${p}-${tag}`;
  const players = ['H', 'A'].flatMap((p) => Array.from({ length: 8 }, (_, i) => ({ id: pid(`${p}${i + 1}`), name: `${p === 'H' ? 'Home' : 'Away'} Player ${i + 1}`, ifpaNumber: null, ifpaRank: null })));
  const venue = (id: string) => ({ id, name: `Bar ${id}`, machines: [1, 2, 3, 4].map((i) => ({ id: `M${i}`, name: `Machine ${i}`, kind: 'FOUR_PLAYER' })) });
  const roster = (teamId: string, p: string) => ({
    teamId,
    effective: matchDate,
    players: Array.from({ length: 8 }, (_, i) => ({ playerId: pid(`${p}${i + 1}`), status: i === 7 ? 'RESERVE' : 'STARTER', captain: i === 0 })),
  });
  const imported = (await admin(request, 'POST', `/seasons/${seasonId}/import`, {
    players,
    venues: [venue(`bar-h-${tag}`), venue(`bar-a-${tag}`)],
    teams: [
      { ...home, conferenceId: 'main', homeVenueId: `bar-h-${tag}`, weekday: 'MON' },
      { ...away, conferenceId: 'main', homeVenueId: `bar-a-${tag}`, weekday: 'MON' },
    ],
    rosters: [roster(home.id, 'H'), roster(away.id, 'A')],
  }, 200)) as { registered: string[]; refused: unknown[] };
  if (imported.registered.length !== 2) throw new Error(`rosters refused: ${JSON.stringify(imported.refused)}`);
  await admin(request, 'PUT', `/seasons/${seasonId}/schedule/${matchId}`, { kind: 'REGULAR', date: matchDate, homeTeamId: home.id, awayTeamId: away.id }, 201);
  const links = (await admin(request, 'POST', `/seasons/${seasonId}/schedule/${matchId}/room`, {}, 201)) as { captainLinks: Record<Side, string> };
  const token = (link: string) => new URL(link, baseUrl()).searchParams.get('t') ?? '';
  return { seasonId, matchId, home, away, tokens: { HOME: token(links.captainLinks.HOME), AWAY: token(links.captainLinks.AWAY) } };
}

/**
 * Plays the whole evening (HOME 16-0) and both sign-offs with two captain sockets. Returns the final state as HOME's
 * phone holds it.
 */
export async function playAndSignHomeWin(season: LeagueSeason): Promise<MatchState> {
  const tag = season.seasonId.slice(2);
  return runSteps(season, fullMatchSteps(Date.now() - 60_000, (p) => `${p}-${tag}`));
}

/**
 * R-VII.D.2: both teams arrive, AWAY declares round 1 and then challenges its game 1, so the match waits for an
 * official's ruling (R-VII.D.2.4). Returns the state as HOME's phone holds it.
 */
export async function challengeRoundOne(season: LeagueSeason): Promise<MatchState> {
  const tag = season.seasonId.slice(2);
  const steps = fullMatchSteps(Date.now() - 60_000, (p) => `${p}-${tag}`);
  const firstDeclaration = steps.findIndex((s) => typeof s.command !== 'function' && s.command.type === 'declareLineup');
  return runSteps(season, [
    ...steps.slice(0, firstDeclaration + 1),
    { side: 'AWAY', command: { type: 'challengeGame', payload: { round: 1, game: 1, reason: 'HOME played on after a tilt' } } },
  ]);
}

/**
 * Sends `steps` with two captain sockets, each waiting until it holds every acknowledged event before its next
 * tap. The room limits messages per connection: a RATE_LIMITED answer is retried with the same command id shortly
 * after.
 */
async function runSteps(season: LeagueSeason, steps: ReturnType<typeof fullMatchSteps>): Promise<MatchState> {
  const connect = (side: Side) => RoomClient.connect({ url: baseUrl(), matchId: season.matchId, token: season.tokens[side], deviceId: `league-${side}-${randomUUID()}`, reconnection: false });
  const captains: Record<Side, RoomClient> = { HOME: await connect('HOME'), AWAY: await connect('AWAY') };
  try {
    let acked = 0;
    for (const step of steps) {
      const client = captains[step.side];
      await client.untilVersion(acked);
      const command = typeof step.command === 'function' ? step.command(client.state!) : step.command;
      const commandId = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const reply = await client.send(command, commandId);
        if (reply.status === 'error' && reply.code === 'RATE_LIMITED' && attempt < 50) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          continue;
        }
        const answer = reply.status === 'duplicate' ? reply.answer : reply;
        if (answer.status !== 'accepted') throw new Error(`${step.side} ${command.type} not accepted: ${JSON.stringify(answer)}`);
        acked = Math.max(acked, answer.version);
        break;
      }
    }
    await captains.HOME.untilVersion(acked);
    return captains.HOME.state!;
  } finally {
    captains.HOME.close();
    captains.AWAY.close();
  }
}

export interface BracketSeason {
  seasonId: string;
  /** Team names by seed, 1 to 6. */
  bySeed: string[];
}

/**
 * Six teams in one conference (R-V.A.1: six qualify) whose regular season is six forfeits recorded by the
 * commissioner (0 v 12 with a full evening, else 0 v 9, R-VII.H.1), chosen so the standings are strict: seed 1
 * 2-0 24 pts, seed 2 1-0 12, seed 3 1-0 9, seed 4 1-1 9, seed 5 1-2 9, seed 6 0-3 0.
 */
export async function createBracketSeason(request: APIRequestContext): Promise<BracketSeason> {
  const tag = randomBytes(4).toString('hex');
  const seasonId = `b-${tag}`;
  const names = ['Ramp Rats', 'Drain Kings', 'Spinner Club', 'Outlane Owls', 'Kickback Crew', 'Nudge Ninjas'];
  const t = (n: number) => `t${n}-${tag}`;
  await admin(request, 'PUT', `/seasons/${seasonId}`, {
    name: `Bracket season ${tag}`, timeZone: TIME_ZONE, regularSeason: { start: leagueDate(-30), end: leagueDate(60) },
    conferences: [{ id: 'main', name: 'Main', matchWeekday: 'MON' }],
  }, 201);
  await admin(request, 'POST', `/seasons/${seasonId}/import`, {
    venues: names.map((_, i) => ({ id: `v${i + 1}-${tag}`, name: `Bar ${i + 1}`, machines: [1, 2, 3, 4].map((m) => ({ id: `M${m}`, name: `Machine ${m}`, kind: 'FOUR_PLAYER' })) })),
    teams: names.map((name, i) => ({ id: t(i + 1), name, conferenceId: 'main', homeVenueId: `v${i + 1}-${tag}`, weekday: 'MON' })),
  }, 200);
  const games: [home: number, away: number, full: boolean][] = [[1, 6, true], [1, 5, true], [2, 4, true], [3, 5, false], [4, 6, false], [5, 6, false]];
  for (const [i, [home, away, full]] of games.entries()) {
    const id = `g${i + 1}-${tag}`;
    await admin(request, 'PUT', `/seasons/${seasonId}/schedule/${id}`, { kind: 'REGULAR', date: leagueDate(-6 + i), homeTeamId: t(home), awayTeamId: t(away) }, 201);
    await admin(request, 'PUT', `/seasons/${seasonId}/results/${id}`, { result: { kind: 'FORFEIT', forfeiting: 'AWAY', fullEvening: full, attendingPresent: full ? 6 : 0 } }, 201);
  }
  return { seasonId, bySeed: names };
}
