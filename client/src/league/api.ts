import type {
  CaptainRequest, ConferenceBracket, ConferenceTable, LeagueMatchResult, RosterBatch, RosterDeadline, RosterMember,
  ScheduledMatch, Season, SeasonTeam,
} from '$shared/season/index';

/**
 * The league pages talk to /api/league only (server/league/router.ts). Reads are public; writes carry the
 * commissioner's token, kept for this browser tab only (sessionStorage), never in a link.
 */

export interface ApiError {
  status: number;
  message: string;
  rule?: string;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const TOKEN_KEY = 'league-admin-token';
export const adminToken = {
  get: (): string => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (t: string): void => sessionStorage.setItem(TOKEN_KEY, t.trim()),
};

async function call<T>(method: string, path: string, body?: unknown, csv = false): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (method !== 'GET' && adminToken.get()) headers.authorization = `Bearer ${adminToken.get()}`;
  if (body !== undefined) headers['content-type'] = csv ? 'text/csv' : 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api/league${path}`, { method, headers, body: body === undefined ? undefined : csv ? String(body) : JSON.stringify(body) });
  } catch {
    return { ok: false, error: { status: 0, message: 'No connection to the server. Try again.' } };
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return { ok: true, data: json as T };
  return { ok: false, error: { status: res.status, message: String(json.message ?? res.statusText), rule: typeof json.rule === 'string' ? json.rule : undefined } };
}

export const get = <T>(path: string) => call<T>('GET', path);
export const put = <T>(path: string, body: unknown) => call<T>('PUT', path, body);
export const post = <T>(path: string, body: unknown, csv = false) => call<T>('POST', path, body, csv);
export const del = <T>(path: string) => call<T>('DELETE', path);

export interface StandingsReply {
  seasonId: string;
  teams: Record<string, string>;
  conferences: ConferenceTable[];
}
export interface BracketReply {
  seasonId: string;
  teams: Record<string, string>;
  conferences: ConferenceBracket[];
}
export interface ScheduleReply {
  matches: (ScheduledMatch & { result: LeagueMatchResult | null })[];
}
export interface NamedMember extends RosterMember {
  name: string;
  ifpaRank: number | null;
  /** On the season's top-150 list (R-II.B.2). */
  restricted: boolean;
  /** Ranked in the IFPA top 500 now (counts towards R-II.B.1.1 when someone joins). */
  top500: boolean;
}
export interface TeamReply {
  team: SeasonTeam;
  date: string;
  roster: NamedMember[];
  history: RosterBatch[];
  deadline: RosterDeadline;
  /** Player names of everyone the history mentions. */
  names: Record<string, string>;
}
export interface RequestsReply {
  requests: CaptainRequest[];
}
export interface PlayersReply {
  players: { id: string; name: string; ifpaRank: number | null }[];
}
export interface TeamsReply {
  date: string;
  teams: (SeasonTeam & { roster: NamedMember[] })[];
}
export interface SeasonsReply {
  seasons: Season[];
}
export interface RoomLinks {
  matchId: string;
  captainLinks: { HOME: string; AWAY: string };
  spectatorLink: string;
}

/** "Refused (R-II.C.3): ..." — a refusal shows its rule like the scoresheet does. */
export const describeError = (e: ApiError) => (e.rule ? `${e.message} (${e.rule})` : e.message);
