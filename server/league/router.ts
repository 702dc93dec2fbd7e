import express, { type ErrorRequestHandler, Router } from 'express';
import type { LeagueZone } from '../../shared/season/index';
import { requireCommissioner } from '../http/adminAuth';
import { captainLinkRoutes } from './captainLinkRoutes';
import { importRoutes } from './importRoutes';
import { BusyError, type LeagueStore } from './leagueStore';
import { intlZone } from './leagueZone';
import { peopleRoutes } from './peopleRoutes';
import { requestRoutes } from './requestRoutes';
import type { LiveRooms } from './roomStates';
import type { CaptainLinkReplaced, LeagueRouteContext, OpenMatchRoom } from './routeContext';
import { scheduleRoutes } from './scheduleRoutes';
import { seasonRoutes } from './seasonRoutes';
import { tableRoutes } from './tableRoutes';
import { teamRoutes } from './teamRoutes';

export interface LeagueRouterDeps {
  /** The match store (RoomStore fits): league documents and match snapshots. */
  store: LeagueStore;
  /** The commissioner's secret (Authorization: Bearer <token>) that every write needs. */
  adminToken: string;
  /** Opens a match room from a setup; wire it to server/matches/createMatch. */
  openMatchRoom: OpenMatchRoom;
  /** Server time (epoch ms); tests pass a fixed clock. */
  clock?: () => number;
  /** The league time zone from its IANA name; defaults to Intl's zone data. */
  zoneFor?: (timeZone: string) => LeagueZone;
  /**
   * Disconnects the sockets of a seat whose captain link was just replaced (the socket server's job:
   * matches/seatDisconnect.ts; the room's handshake, room/roomGate.ts, honours the replacement). Without it the
   * route answers 501 (a league router with no match rooms behind it).
   */
  captainLinkReplaced?: CaptainLinkReplaced;
  /** The rooms this process serves (room/liveMatches.ts): season reads start from their copies (roomStates.ts). */
  liveRooms?: LiveRooms;
}

/**
 * The league REST API under /api/league: seasons, players, venues, teams and rosters, schedule and match rooms,
 * standings, brackets, recorded results, and bulk import. Reads are public (the league's tables are public); every
 * write needs the commissioner's token. Mount with `app.use(createLeagueRouter(deps))` before the /api 404.
 */
export function createLeagueRouter(deps: LeagueRouterDeps): Router {
  const ctx: LeagueRouteContext = {
    store: deps.store,
    clock: deps.clock ?? Date.now,
    zoneFor: deps.zoneFor ?? intlZone,
    commissioner: requireCommissioner(deps.adminToken),
    openMatchRoom: deps.openMatchRoom,
    captainLinkReplaced: deps.captainLinkReplaced ?? null,
    ...(deps.liveRooms ? { liveRooms: deps.liveRooms } : {}),
  };
  const router = Router();
  // Its own JSON parser, so the router works wherever it is mounted (a parser mounted before it wins: bodies are
  // parsed once). 1 MB leaves room for a season's import; everything else is a few KB.
  router.use('/api/league', express.json({ limit: '1mb' }));
  router.use(seasonRoutes(ctx));
  router.use(peopleRoutes(ctx));
  router.use(teamRoutes(ctx));
  router.use(scheduleRoutes(ctx));
  router.use(tableRoutes(ctx));
  router.use(importRoutes(ctx));
  router.use(requestRoutes(ctx));
  router.use(captainLinkRoutes(ctx));
  router.use(busyAsConflict);
  return router;
}

/** Two writers kept racing on one document: tell the commissioner to try again rather than fail with a 500. */
const busyAsConflict: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (err instanceof BusyError) {
    res.status(409).json({ error: 'BUSY', message: err.message });
    return;
  }
  next(err);
};
