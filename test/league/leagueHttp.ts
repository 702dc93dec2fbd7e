import { randomBytes } from 'node:crypto';
import type { Side } from '../../shared/index';
import { ADMIN_TOKEN } from '../helpers/serverProcess';

/**
 * A small league season built through the league REST API of a running server (as the commissioner would), for
 * tests that go on over real sockets. Dates are league-local (America/Chicago): a roster registered for day D is
 * due by 16:00 on D (R-II.C.3), so the season's matches are played from tomorrow on, whatever hour the test runs.
 */

export const TIME_ZONE = 'America/Chicago';

export interface HttpReply {
  status: number;
  body: Record<string, unknown>;
}

export async function call(base: string, method: string, path: string, body?: unknown, o: { admin?: boolean } = {}): Promise<HttpReply> {
  const headers: Record<string, string> = {};
  if (o.admin !== false) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function expectStatus(base: string, method: string, path: string, body: unknown, status: number): Promise<HttpReply> {
  const reply = await call(base, method, path, body);
  if (reply.status !== status) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
}

/** A league-local date `days` after today. */
export function leagueDate(days: number, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now + days * 86_400_000));
}

export interface LeagueFixture {
  seasonId: string;
  home: string;
  away: string;
  /** League-wide player ids are tagged so fixtures never share them: `pid('H1')`. */
  pid: (p: string) => string;
}

/**
 * One conference, two teams of eight (H1..H8, A1..A8; the first a captain, the last a reserve), a bar each, and
 * four league players on no roster yet (F1..F4), for roster changes.
 */
export async function createSeason(base: string): Promise<LeagueFixture> {
  const tag = randomBytes(4).toString('hex');
  const seasonId = `s-${tag}`;
  const pid = (p: string) => `${p}-${tag}`;
  const home = `home-${tag}`;
  const away = `away-${tag}`;
  const from = leagueDate(1);
  await expectStatus(base, 'PUT', `/api/league/seasons/${seasonId}`, {
    name: `Season ${tag}`, timeZone: TIME_ZONE, regularSeason: { start: leagueDate(-7), end: leagueDate(60) },
    conferences: [{ id: 'main', name: 'Main', matchWeekday: 'MON' }], settings: { match: { earlyStartNeedsAgreement: false } },
  }, 201);
  const venue = (id: string) => ({ id, name: `Bar ${id}`, machines: [1, 2, 3, 4].map((i) => ({ id: `M${i}`, name: `Machine ${i}`, kind: 'FOUR_PLAYER' })) });
  const roster = (teamId: string, p: string) => ({
    teamId, effective: from,
    players: Array.from({ length: 8 }, (_, i) => ({ playerId: pid(`${p}${i + 1}`), status: i === 7 ? 'RESERVE' : 'STARTER', captain: i === 0 })),
  });
  const imported = await expectStatus(base, 'POST', `/api/league/seasons/${seasonId}/import`, {
    players: [...['H', 'A'].flatMap((p) => Array.from({ length: 8 }, (_, i) => `${p}${i + 1}`)), 'F1', 'F2', 'F3', 'F4'].map((p) => ({ id: pid(p), name: p, ifpaNumber: null, ifpaRank: null })),
    venues: [venue(`bar-h-${tag}`), venue(`bar-a-${tag}`)],
    teams: [
      { id: home, name: 'Flipper Fiends', conferenceId: 'main', homeVenueId: `bar-h-${tag}`, weekday: 'MON' },
      { id: away, name: 'Tilt Warriors', conferenceId: 'main', homeVenueId: `bar-a-${tag}`, weekday: 'MON' },
    ],
    rosters: [roster(home, 'H'), roster(away, 'A')],
  }, 200);
  if ((imported.body.registered as string[]).length !== 2) throw new Error(`rosters refused: ${JSON.stringify(imported.body.refused)}`);
  return { seasonId, home, away, pid };
}

/** Schedules HOME v AWAY `daysAhead` days from today and opens its room; returns the captain tokens. */
export async function scheduleAndOpen(base: string, f: LeagueFixture, matchId: string, daysAhead = 1): Promise<Record<Side, string>> {
  await expectStatus(base, 'PUT', `/api/league/seasons/${f.seasonId}/schedule/${matchId}`, { kind: 'REGULAR', date: leagueDate(daysAhead), homeTeamId: f.home, awayTeamId: f.away }, 201);
  const links = (await expectStatus(base, 'POST', `/api/league/seasons/${f.seasonId}/schedule/${matchId}/room`, {}, 201)).body as { captainLinks: Record<Side, string> };
  const token = (link: string) => new URL(link, base).searchParams.get('t') ?? '';
  return { HOME: token(links.captainLinks.HOME), AWAY: token(links.captainLinks.AWAY) };
}
