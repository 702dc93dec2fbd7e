import type { Reply } from '../../shared/protocol';
import type { CommandDesk, IncomingCommand } from './commandDesk';
import { fanOutEvents } from './roomFanOut';
import { matchRoom } from './roomNames';
import type { RoomDeps } from './types';

/** Decides and stores a command that did not come from a socket (an upload route's), and tells the room. */
export type SubmitCommand = (incoming: IncomingCommand) => Promise<Reply>;

/**
 * A command the server made itself (the photo upload route's attachChallengePhoto) goes through the same desk as a
 * phone's: decided on the match as it is, stored with compare-and-set, answered once per commandId. Once stored,
 * every phone of the room sees it as it would a captain's tap: this process's clients directly, the other
 * processes from the append's own announcement (room/crossProcess.ts). Nothing is sent before the store said yes.
 */
export function serverCommandSender(io: RoomDeps['io'], desk: CommandDesk): SubmitCommand {
  return async (incoming) => {
    const result = await desk.handle(incoming);
    if (result.broadcast) fanOutEvents(io, matchRoom(incoming.matchId), undefined, result.broadcast);
    return result.reply;
  };
}
