import type { Request, RequestHandler, Response } from 'express';
import { IdSchema, type MatchSetup, type Side } from '../../shared/index';
import type { LeagueZone } from '../../shared/season/index';
import type { MatchLinks } from '../matches/createMatch';
import { invalid, notFound } from './httpReplies';
import type { LeagueStore } from './leagueStore';
import { loadSeason, type SeasonBundle } from './seasonData';
import type { LiveRooms } from './roomStates';

/** What every league route file gets from createLeagueRouter. */
export interface LeagueRouteContext {
  store: LeagueStore;
  clock: () => number;
  zoneFor: (timeZone: string) => LeagueZone;
  commissioner: RequestHandler;
  openMatchRoom: OpenMatchRoom;
  /**
   * After a captain link was replaced: disconnect the sockets of that side still connected with the old link.
   * null: the room is not wired for replaced links (see router.ts), so none are issued.
   */
  captainLinkReplaced: CaptainLinkReplaced | null;
  /** The rooms this process serves, for season reads (roomStates.ts); undefined: a league router without rooms. */
  liveRooms?: LiveRooms;
}

/** Wired by the socket server (it holds the sockets); the league only says which seat's link changed. */
export type CaptainLinkReplaced = (matchId: string, side: Side) => Promise<void>;

/** Opens a match room for a setup: the server's createMatch, injected so the league does not own the room. */
export type OpenMatchRoom = (setup: MatchSetup, now: number) => Promise<{ kind: 'created'; links: MatchLinks } | { kind: 'exists' }>;

/** A path parameter that must be an id; answers 400 itself and returns null when it is not. */
export function idParam(req: Request, res: Response, name: string): string | null {
  const parsed = IdSchema.safeParse(req.params[name]);
  if (parsed.success) return parsed.data;
  invalid(res, name, parsed.error);
  return null;
}

/** The season named in the path, loaded; answers 400/404 itself and returns null when there is none. */
export async function seasonFrom(ctx: LeagueRouteContext, req: Request, res: Response): Promise<SeasonBundle | null> {
  const seasonId = idParam(req, res, 'seasonId');
  if (!seasonId) return null;
  const bundle = await loadSeason(ctx.store, seasonId, ctx.zoneFor, ctx.clock(), ctx.liveRooms);
  if (!bundle) notFound(res, `season ${seasonId}`);
  return bundle;
}
