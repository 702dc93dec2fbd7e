import type { Logger } from '../log';
import type { RoomSocket } from './types';

/** What the room's handlers write lines with: the process's logger, or one connection's (below). */
export interface LineLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

/**
 * The lines of one connection, each with the connection's match, socket id, role and side. Not a pino child: a child
 * serialises its bindings when it is made and holds them, about 520 bytes and 7 µs per socket at every connect, for a
 * connection that writes two lines at info and, at warn, a line only when something fails (a heap snapshot at 14,960
 * sockets held 14,961 children: bench/HISTORY.md, "A forty-ninth host"). The fields are read from the socket when a
 * line is written instead; pino still applies its redaction and serialisers (`err`) to the merged object.
 */
export class ConnectionLog implements LineLog {
  constructor(
    private readonly parent: Logger,
    private readonly socket: RoomSocket,
  ) {}

  info(fields: object, msg: string): void {
    if (this.parent.isLevelEnabled('info')) this.parent.info(this.with(fields), msg);
  }

  warn(fields: object, msg: string): void {
    if (this.parent.isLevelEnabled('warn')) this.parent.warn(this.with(fields), msg);
  }

  error(fields: object, msg: string): void {
    if (this.parent.isLevelEnabled('error')) this.parent.error(this.with(fields), msg);
  }

  private with(fields: object): object {
    const { matchId, actor } = this.socket.data;
    return { matchId, sid: this.socket.id, role: actor.role, side: actor.role === 'captain' ? actor.side : undefined, ...fields };
  }
}
