import express, { type NextFunction, type Request, type Response, Router } from 'express';
import {
  decide, IdSchema, MAX_PHOTO_BYTES, PhotoContentTypeSchema, type Actor, type PhotoContentType, type ServerCommand,
} from '../../shared/index';
import { ClientIdSchema, type Reply } from '../../shared/protocol';
import type { RoomStore } from '../matches/roomStore';
import { readPhoto, sniffPhoto, storePhoto } from '../matches/photoStore';
import type { LiveMatches } from '../room/liveMatches';
import type { SubmitCommand } from '../room/serverCommands';
import { matchRequester } from './matchActor';
import type { UploadLimiter } from './uploadLimit';

/**
 * Photos for a challenge's report (R-VII.D.3.4), over HTTP because a photo is far larger than a socket message
 * (16 KB). The order is the house rule "nothing acknowledged before it is stored":
 *   1. who sends it (the captain link's token, or the admin token), that it is a picture of an allowed type, and
 *      that this sender has not sent too many lately (429 with Retry-After, http/uploadLimit.ts);
 *   2. an earlier answer for the same upload id (a retry after a lost reply) is given again;
 *   3. the engine is asked on the match as it is now, so a photo it would refuse is never stored;
 *   4. the bytes are stored durably (store documents, matches/photoStore.ts);
 *   5. only then the room's desk decides the attachment again and appends it (compare-and-set), and the room sees it.
 * A photo stored whose attachment then loses a race (say the challenge was withdrawn meanwhile) stays unreferenced:
 * it is never served, since the GET route serves only photos the match holds.
 *
 * Viewing: the league official and both teams' captains (the other team sees the evidence against it); the public
 * spectator link does not, as a photo may show people at the bar.
 */
export interface PhotoRouteDeps {
  store: RoomStore;
  live: LiveMatches;
  adminToken: string;
  /** The room's desk; bound once the rooms exist (they share the HTTP server), null before that. */
  submit: () => SubmitCommand | null;
  /** How often one requester may upload (http/uploadLimit.ts). */
  uploadLimit: UploadLimiter;
  clock?: () => number;
}

const rawPhoto = express.raw({ type: () => true, limit: MAX_PHOTO_BYTES });

export function challengePhotoRoutes(deps: PhotoRouteDeps): Router {
  const router = Router();
  const clock = deps.clock ?? Date.now;

  router.post('/api/matches/:id/challenges/:challengeId/photos', async (req, res, next) => {
    const params = paramsOf(req, res);
    if (!params) return;
    const commandId = ClientIdSchema.safeParse(req.get('x-command-id'));
    if (!commandId.success) return void fail(res, 400, 'BAD_REQUEST', 'The upload needs an X-Command-Id header (letters, digits, _ and -), the same on a retry.');
    const contentType = PhotoContentTypeSchema.safeParse(req.get('content-type')?.split(';')[0]?.trim().toLowerCase());
    if (!contentType.success) return void fail(res, 415, 'UNSUPPORTED_TYPE', 'A photo must be a JPEG, PNG or WebP picture.');
    const who = await requester(req, res, deps, params.matchId);
    if (!who) return;
    // Counted once the sender is known (so a stranger cannot use up a captain's uploads) and before its up to 3 MB
    // are read. One requester is one captain link in force (a team of a match) or the admin token.
    const admitted = deps.uploadLimit.admit(who.role === 'captain' ? `${params.matchId}:${who.side}` : 'LEAGUE');
    if (!admitted.ok) {
      res.set('Retry-After', String(admitted.retryAfterSeconds));
      const wait = admitted.retryAfterSeconds === 1 ? 'a second' : `${admitted.retryAfterSeconds} seconds`;
      return void fail(res, 429, 'RATE_LIMITED', `Too many photos from this link in a short time. Wait ${wait}, then try again.`);
    }
    // The body is read only now, after the sender proved it may attach anything to this match.
    photoBody(req, res, () => void attach(req, res, deps, clock, { ...params, commandId: commandId.data, contentType: contentType.data, actor: who }).catch(next));
  });

  router.get('/api/matches/:id/photos/:photoId', async (req, res) => {
    const matchId = IdSchema.safeParse(req.params.id);
    const photoId = IdSchema.safeParse(req.params.photoId);
    if (!matchId.success || !photoId.success) return void fail(res, 400, 'BAD_REQUEST', 'Invalid match or photo id.');
    if (!(await requester(req, res, deps, matchId.data))) return;
    const current = await deps.live.fresh(matchId.data);
    const ref = current?.state.challenges.flatMap((c) => c.photos ?? []).find((p) => p.id === photoId.data);
    const photo = ref ? await readPhoto(deps.store, matchId.data, ref) : null;
    if (!photo) return void fail(res, 404, 'NOT_FOUND', 'This match has no such photo.');
    res.set('Cache-Control', 'private, max-age=86400, immutable').type(photo.contentType).send(photo.body);
  });

  return router;
}

interface Upload {
  matchId: string;
  challengeId: string;
  commandId: string;
  contentType: PhotoContentType;
  actor: Exclude<Actor, { role: 'spectator' }>;
}

async function attach(req: Request, res: Response, deps: PhotoRouteDeps, clock: () => number, u: Upload): Promise<void> {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (body.length === 0) return void fail(res, 400, 'BAD_REQUEST', 'The photo is empty.');
  if (sniffPhoto(body) !== u.contentType) return void fail(res, 415, 'UNSUPPORTED_TYPE', `The file is not the ${u.contentType} picture it says it is.`);
  const submit = deps.submit();
  if (!submit) return void fail(res, 503, 'UNAVAILABLE', 'The match rooms are not running.');

  const earlier = await deps.store.answerFor(u.matchId, u.commandId);
  if (earlier) return void answer(res, { status: 'duplicate', answer: earlier });

  const current = await deps.live.fresh(u.matchId);
  if (!current) return void fail(res, 404, 'NOT_FOUND', `No match ${u.matchId}.`);
  const command = (sha256: string, bytes: number): ServerCommand => ({
    type: 'attachChallengePhoto', payload: { challengeId: u.challengeId, photo: { contentType: u.contentType, bytes, sha256 } },
  });
  const precheck = decide(current.state, { ...command('0'.repeat(64), body.length), at: clock() }, u.actor);
  // The placeholder hash only matters for "already attached": the real one is judged by the desk below.
  if (!precheck.ok && precheck.refusal.code !== 'ALREADY_DONE') return void answer(res, { status: 'refused', ...precheck.refusal, version: current.version });

  const ref = await storePhoto(deps.store, u.matchId, u.contentType, body);
  const reply = await submit({ matchId: u.matchId, commandId: u.commandId, command: command(ref.sha256, ref.bytes), actor: u.actor });
  answer(res, reply, ref.sha256);
}

/** The desk's reply as HTTP: accepted 201 (a repeated upload id 200), refused 409 with the rule, store down 503. */
function answer(res: Response, reply: Reply, sha256?: string): void {
  switch (reply.status) {
    case 'accepted':
      return void res.status(201).json({ ...reply, ...(sha256 ? { sha256 } : {}) });
    case 'refused':
      return void res.status(409).json({ error: 'REFUSED', ...reply });
    case 'duplicate':
      if (reply.answer.status === 'refused') return void res.status(409).json({ error: 'REFUSED', ...reply.answer });
      return void res.status(200).json({ ...reply.answer, duplicate: true });
    case 'ok':
      return void res.status(200).json(reply);
    case 'error': {
      const status = reply.code === 'UNKNOWN_MATCH' ? 404 : reply.code === 'NOT_SAVED' || reply.code === 'BUSY' ? 503 : 500;
      return void res.status(status).json({ error: reply.code, message: reply.message });
    }
  }
}

function paramsOf(req: Request, res: Response): { matchId: string; challengeId: string } | null {
  const matchId = IdSchema.safeParse(req.params.id);
  const challengeId = IdSchema.safeParse(req.params.challengeId);
  if (matchId.success && challengeId.success) return { matchId: matchId.data, challengeId: challengeId.data };
  fail(res, 400, 'BAD_REQUEST', 'Invalid match or challenge id.');
  return null;
}

async function requester(req: Request, res: Response, deps: PhotoRouteDeps, matchId: string): Promise<Upload['actor'] | null> {
  const meta = await deps.live.meta(matchId);
  if (!meta) {
    fail(res, 404, 'NOT_FOUND', `No match ${matchId}.`);
    return null;
  }
  const who = await matchRequester(req, meta, matchId, deps.store, deps.adminToken);
  if (who.ok) return who.actor;
  fail(res, who.status, who.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', who.message);
  return null;
}

/** The raw body, with "too large" answered in a captain's words rather than the parser's. */
function photoBody(req: Request, res: Response, next: NextFunction): void {
  rawPhoto(req, res, (err?: unknown) => {
    if (!err) return next();
    const status = typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' ? err.status : 400;
    if (status === 413) return void fail(res, 413, 'TOO_LARGE', `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB. Take it again at a smaller size.`);
    fail(res, status, 'BAD_REQUEST', 'The photo could not be read.');
  });
}

function fail(res: Response, status: number, error: string, message: string): void {
  res.status(status).json({ error, message });
}
