import type { ExtendedError } from 'socket.io';
import { HandshakeSchema, type ErrorCode } from '../../shared/protocol';
import { identify } from '../auth/roles';
import { type LinkStore, readCaptainLinks } from '../matches/captainLinks';
import type { Logger } from '../log';
import { StoreUnavailableError } from '../store/matchStore';
import type { LiveMatches } from './liveMatches';
import { TokenBucket } from './rateLimit';
import type { RoomSocket } from './types';

export interface GateOptions {
  live: LiveMatches;
  /** Where the commissioner's replaced captain links are kept (matches/captainLinks.ts). */
  links: LinkStore;
  adminToken: string;
  messageRate: number;
  messageBurst: number;
  log: Logger;
}

/**
 * The handshake middleware: parses `auth`, finds the match and fixes the connection's role. A refused handshake
 * reaches the client as `connect_error` with `data: {code, message}`; socket.io-client does not retry those by
 * itself, so the client retries UNAVAILABLE and shows the others.
 *
 * A token is checked against the captain links in force: the commissioner may have replaced one (MR-1). The new
 * link is that team's captain; an old one is refused (FORBIDDEN) with the reason, so the phone shows it instead of
 * silently opening read only. Only connections that present a token pay that read; spectators, the bulk of
 * connections, do not.
 */
export function roomGate(options: GateOptions) {
  return async (socket: RoomSocket, next: (err?: ExtendedError) => void): Promise<void> => {
    const auth = HandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(refusal('BAD_MESSAGE', 'The connection needs {matchId, token?, deviceId?, version?}.'));
    const { matchId, token, deviceId, version } = auth.data;
    try {
      const [meta, links] = await Promise.all([
        options.live.meta(matchId),
        token === undefined ? null : readCaptainLinks(options.links, matchId),
      ]);
      if (!meta) return next(refusal('UNKNOWN_MATCH', 'There is no such match.'));
      const { actor, tokenRejected, replaced } = identify(meta, options.adminToken, token, links);
      if (replaced) return next(refusal('FORBIDDEN', replaced.reason));
      socket.data = {
        matchId,
        actor,
        tokenRejected,
        deviceId,
        clientVersion: version,
        bucket: new TokenBucket(options.messageRate, options.messageBurst),
      };
      next();
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) options.log.error({ err, matchId }, 'handshake failed');
      next(refusal('UNAVAILABLE', 'The scoresheet cannot be reached right now; retrying.'));
    }
  };
}

function refusal(code: ErrorCode, message: string): ExtendedError {
  const err: ExtendedError = new Error(message);
  err.data = { code, message };
  return err;
}
