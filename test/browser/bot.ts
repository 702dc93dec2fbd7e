import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { CommandInput } from '../../shared/index';
import type { Reply } from '../../shared/protocol';
import { baseUrl } from './matches';

/**
 * A captain's phone without a screen: speaks the wire protocol (shared/protocol.ts) directly, to put a match into
 * a given state quickly before a browser looks at it. It knows nothing of the rules: the server decides, and a
 * refusal fails the setup with the rule, like it would fail a captain.
 */
export class CaptainBot {
  private constructor(
    private readonly socket: Socket,
    private readonly matchId: string,
  ) {}

  static async open(matchId: string, captainLink: string): Promise<CaptainBot> {
    const token = new URL(captainLink, baseUrl()).searchParams.get('t') ?? undefined;
    const socket = io(baseUrl(), { transports: ['websocket'], auth: { matchId, token, deviceId: `bot-${randomUUID()}` }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('welcome', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return new CaptainBot(socket, matchId);
  }

  /**
   * Sends a command and waits for the server's answer; throws on anything but acceptance. A bot is faster than a
   * thumb: past the room's per-connection rate it is told RATE_LIMITED, and sends the same command again shortly.
   */
  async send(command: CommandInput): Promise<void> {
    const commandId = randomUUID();
    for (let attempt = 0; ; attempt++) {
      const reply = await this.ask(command, commandId);
      if (reply.status === 'error' && reply.code === 'RATE_LIMITED' && attempt < 50) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      const answer = reply.status === 'duplicate' ? reply.answer : reply;
      if (answer.status !== 'accepted') throw new Error(`${command.type} not accepted: ${JSON.stringify(answer)}`);
      return;
    }
  }

  ask(command: CommandInput, commandId: string = randomUUID()): Promise<Reply> {
    const envelope = { commandId, matchId: this.matchId, expectedVersion: 0, type: command.type, payload: command.payload };
    return this.socket.timeout(10_000).emitWithAck('command', envelope) as Promise<Reply>;
  }

  close(): void {
    this.socket.disconnect();
  }
}
