import type { ExtendedError } from 'socket.io';
import { HandshakeSchema } from '../../shared/protocol';
import { type LinkStore, readCaptainLinks } from '../matches/captainLinks';
import type { MatchMeta } from '../matches/matchMeta';
import type { RoomSocket } from '../room/types';
import { StoreUnavailableError } from '../store/matchStore';
import { identify } from './roles';

/**
 * A handshake middleware that runs after the room's own (roomGate.ts) and applies the commissioner's replaced
 * captain links (captainLinks.ts): a new link is made that team's captain, an old one is refused with the reason
 * (code FORBIDDEN, so the phone shows it instead of silently opening read only). Only connections that present a
 * token pay its one read; spectators, the bulk of connections, pass untouched. Register it with
 * `rooms.io.use(captainLinkGate(...))` after createMatchRooms.
 */
export function captainLinkGate(options: { store: LinkStore; metaOf: (matchId: string) => Promise<MatchMeta | null>; adminToken: string }) {
  return async (socket: RoomSocket, next: (err?: ExtendedError) => void): Promise<void> => {
    const auth = HandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success || auth.data.token === undefined) return next();
    const { matchId, token } = auth.data;
    try {
      const links = await readCaptainLinks(options.store, matchId);
      if (!links) return next();
      const meta = await options.metaOf(matchId);
      if (!meta) return next();
      const identity = identify(meta, options.adminToken, token, links);
      if (identity.replaced) return next(refusal('FORBIDDEN', identity.replaced.reason));
      socket.data = { ...socket.data, actor: identity.actor, tokenRejected: identity.tokenRejected };
      next();
    } catch (err) {
      next(refusal('UNAVAILABLE', err instanceof StoreUnavailableError ? 'The scoresheet cannot be reached right now; retrying.' : 'The captain link could not be checked; retrying.'));
    }
  };
}

function refusal(code: 'FORBIDDEN' | 'UNAVAILABLE', message: string): ExtendedError {
  const err: ExtendedError = new Error(message);
  err.data = { code, message };
  return err;
}
