import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Config } from './config';
import { challengePhotoRoutes } from './http/challengePhotoRoutes';
import { clientFiles } from './http/clientFiles';
import { UploadLimiter } from './http/uploadLimit';
import { healthRoutes } from './http/health';
import type { CaptainLinkReplaced } from './league/routeContext';
import { createLeagueRouter } from './league/router';
import { createMatch } from './matches/createMatch';
import { matchRoutes } from './http/matchRoutes';
import { securityHeaders } from './http/securityHeaders';
import type { Logger } from './log';
import type { RoomStore } from './matches/roomStore';
import type { LiveMatches } from './room/liveMatches';
import type { SubmitCommand } from './room/serverCommands';
import { StoreUnavailableError } from './store/matchStore';

/** What the app needs from the match rooms, which are created after it (they share its HTTP server). */
export interface AppHooks {
  /** The sockets of a team's captain seat, closed after the commissioner replaced its link. */
  captainLinkReplaced?: CaptainLinkReplaced;
  /** The rooms' desk, for commands the server makes (a stored photo's attachment); null until the rooms exist. */
  submitCommand?: () => SubmitCommand | null;
}

/** The Express app: security headers, the REST API, health checks and the built client. */
export function createApp(config: Config, store: RoomStore, live: LiveMatches, log: Logger, hooks: AppHooks = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  // The league API parses its own (larger) bodies for season imports, so it is mounted before the small default parser.
  const { submitCommand, ...leagueHooks } = hooks;
  app.use(createLeagueRouter({ store, adminToken: config.adminToken, openMatchRoom: (setup, now) => createMatch(store, setup, now), liveRooms: live, ...leagueHooks }));
  // Challenge report photos read their own raw bodies (up to MAX_PHOTO_BYTES), after checking who sends them.
  app.use(challengePhotoRoutes({
    store, live, adminToken: config.adminToken, submit: submitCommand ?? (() => null),
    uploadLimit: new UploadLimiter({ burst: config.photoUploadBurst, perMinute: config.photoUploadPerMinute }),
  }));
  // A match setup with 2 x 10 players and 60 machines is a few KB; anything much larger is not one.
  app.use(express.json({ limit: '64kb' }));

  app.use(healthRoutes(store));
  app.use(matchRoutes(store, live, config.adminToken));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'NOT_FOUND', message: 'No such API route.' });
  });
  app.use(clientFiles(config.clientDir));
  app.use(errorHandler(log));
  return app;
}

/** Express 5 routes rejected promises here too, so a store outage is a 503, never a crash or a hung request. */
function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (err instanceof StoreUnavailableError) {
      res.status(503).json({ error: 'UNAVAILABLE', message: 'The store cannot be reached right now. Try again.' });
      return;
    }
    const status = httpStatus(err);
    if (status < 500) {
      // body-parser's errors: malformed JSON (400), too large (413), wrong charset (415)...
      res.status(status).json({ error: 'BAD_REQUEST', message: err instanceof Error ? err.message : 'Bad request.' });
      return;
    }
    log.error({ err, path: req.path, method: req.method }, 'request failed');
    res.status(500).json({ error: 'INTERNAL', message: 'Something went wrong on the server.' });
  };
}

function httpStatus(err: unknown): number {
  if (typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number') return err.status;
  return 500;
}
