import type { ExtendedError } from 'socket.io';
import { HandshakeSchema, type ErrorCode } from '../../shared/protocol';
import { identify } from '../auth/roles';
import type { Logger } from '../log';
import { StoreUnavailableError } from '../store/matchStore';
import type { LiveMatches } from './liveMatches';
import { TokenBucket } from './rateLimit';
import type { RoomSocket } from './types';

export interface GateOptions {
  live: LiveMatches;
  adminToken: string;
  messageRate: number;
  messageBurst: number;
  log: Logger;
}

/**
 * The handshake middleware: parses `auth`, finds the match and fixes the connection's role. A refused handshake
 * reaches the client as `connect_error` with `data: {code, message}`; socket.io-client does not retry those by
 * itself, so the client retries UNAVAILABLE and shows the others.
 */
export function roomGate(options: GateOptions) {
  return async (socket: RoomSocket, next: (err?: ExtendedError) => void): Promise<void> => {
    const auth = HandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(refusal('BAD_MESSAGE', 'The connection needs {matchId, token?, deviceId?, version?}.'));
    const { matchId, token, deviceId, version } = auth.data;
    try {
      const meta = await options.live.meta(matchId);
      if (!meta) return next(refusal('UNKNOWN_MATCH', 'There is no such match.'));
      const { actor, tokenRejected } = identify(meta, options.adminToken, token);
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
