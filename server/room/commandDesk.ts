import { decide, fold, namedCopies, stamp, type Actor, type Command, type MatchEvent, type Refusal } from '../../shared/index';
import type { CommandAnswer, EventsMessage, Reply } from '../../shared/protocol';
import type { Logger } from '../log';
import type { RoomStore } from '../matches/roomStore';
import { RecentMap } from '../recentMap';
import { StoreUnavailableError, UnknownMatchError, type Announcement } from '../store/matchStore';
import type { LiveMatches } from './liveMatches';

/**
 * One command from the phone to the store and back: the heart of the room. It knows nothing of sockets: it returns
 * the reply for the sender and, when something was stored, the events to broadcast. The caller broadcasts first,
 * then acks, and only ever after this has resolved, i.e. after the store has the events.
 *
 * Versions: the engine decides against the match as it truly is now, not against the version the captain saw
 * (`expectedVersion`). If a captain tapped while another event arrived, the command is re-decided on the latest
 * state: still allowed (another game's score came in meanwhile) -> accepted; no longer allowed (the other phone
 * of the team already declared that round) -> refused with the rule. Refusing every command from a phone that is
 * one event behind would make captains in a bar re-tap for nothing, and protects nothing the rules do not.
 * The compare-and-set is on the version we decided on, so no decision is ever stored against a state it did not see.
 */

export interface DeskResult {
  reply: Reply;
  broadcast?: EventsMessage;
}

export interface IncomingCommand {
  matchId: string;
  commandId: string;
  command: Command;
  actor: Actor;
}

/** Appends lost to another process in a row before giving up with BUSY (each loss means the match moved on). */
const MAX_ATTEMPTS = 5;

/**
 * Appends whose outcome this process never learned, remembered until the phone's retry tells. Bounded because a
 * retry may never come (the phone gave up, or it retries through another process); the oldest go first. A few
 * hundred cover a bad stall at a league night's rate (one command per match every few seconds).
 */
const MAX_UNCONFIRMED = 1_000;

export const NOT_SAVED: Reply = {
  status: 'error',
  code: 'NOT_SAVED',
  message: 'Not saved — the server could not store it. Try again.',
};

/**
 * A check that needs more than one match (R-VII.P.3.1: a two-team player writes into only one lineup an evening).
 * The engine sees one match, so the league layer supplies this; it runs before `decide`, outside the match's lock.
 */
export type LeagueGuard = (matchId: string, command: Command) => Promise<Refusal | null>;

export class CommandDesk {
  /**
   * commandId -> where an append that failed with the store unavailable (NOT_SAVED) would have put its events. Such
   * an append may still have been applied (Redis ran it after our timeout); its events were then never broadcast,
   * and every client would see a gap on the next update and resync. When the retry comes back as a duplicate of
   * that append, the desk broadcasts them after all (bench/HISTORY.md, recommendation 6).
   */
  readonly #unconfirmed = new RecentMap<string, { matchId: string; fromVersion: number; count: number }>(MAX_UNCONFIRMED);

  constructor(
    private readonly store: RoomStore,
    private readonly live: LiveMatches,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
    private readonly guard: LeagueGuard | null = null,
    /**
     * How an update is announced to the other server processes with its append (room/crossProcess.ts); null with
     * one process, whose own delivery reaches every client.
     */
    private readonly announce: ((message: EventsMessage) => Announcement) | null = null,
  ) {}

  async handle(incoming: IncomingCommand): Promise<DeskResult> {
    try {
      if (incoming.actor.role === 'spectator') return await this.#refuseSpectator(incoming);
      // No separate "answered before?" read: every way a command is answered checks its commandId in the same
      // atomic step that stores the answer (append's CAS, recordAnswer's first-writer-wins), and both return the
      // earlier answer as 'duplicate'. A retry is thus decided once more, but only its first answer ever counts,
      // and the common case saves a Redis round trip before deciding (bench/HISTORY.md, recommendation 3).
      const barred = this.guard ? await this.guard(incoming.matchId, incoming.command) : null;
      if (barred) {
        const current = await this.live.fresh(incoming.matchId);
        if (!current) return { reply: unknownMatch() };
        const reply = await this.#record(incoming.matchId, incoming.commandId, { status: 'refused', ...barred, version: current.version });
        return await this.#confirmLate(incoming, { reply });
      }
      return await this.#confirmLate(incoming, await this.live.serialise(incoming.matchId, () => this.#decideAndStore(incoming)));
    } catch (err) {
      return { reply: this.#failure(err, incoming) };
    }
  }

  /**
   * A retry answered 'duplicate' whose earlier attempt this process answered NOT_SAVED: if the stored answer is the
   * acceptance that append would have recorded (version = its fromVersion + its number of events), it was applied
   * after all, and its events are broadcast now, as the store holds them (one read, only on this rare path, so
   * what goes out is always the log itself). Clients already holding them skip them as an overlap. If that read
   * fails too, the retry is still answered; the clients resync on the next update's gap, as they would have.
   */
  async #confirmLate({ commandId }: IncomingCommand, result: DeskResult): Promise<DeskResult> {
    if (this.#unconfirmed.size === 0 || result.reply.status !== 'duplicate') return result;
    const attempted = this.#unconfirmed.get(commandId);
    if (!attempted) return result;
    this.#unconfirmed.delete(commandId);
    const { answer } = result.reply;
    const { matchId, fromVersion, count } = attempted;
    if (answer.status !== 'accepted' || answer.version !== fromVersion + count) return result;
    try {
      const stored = (await this.store.eventsAfter(matchId, fromVersion))?.slice(0, count) ?? [];
      if (stored.length !== count) return result;
      this.log.info({ matchId, commandId, fromVersion, count }, 'an append answered NOT_SAVED was stored after all; broadcasting it now');
      return { ...result, broadcast: { matchId, fromVersion, events: stored } };
    } catch (err) {
      this.log.warn({ matchId, commandId, err: err instanceof Error ? err.message : String(err) }, 'could not read back a late-stored append');
      return result;
    }
  }

  #rememberUnconfirmed(commandId: string, attempted: { matchId: string; fromVersion: number; count: number }): void {
    this.#unconfirmed.set(commandId, attempted);
  }

  /**
   * Spectators are refused by the engine (MR-1) like any other refusal, but their answers are not stored: a
   * spectator cannot change anything, so there is nothing a retry could double-apply, and storing answers for
   * anyone holding the public link would let them grow the store without bound.
   */
  async #refuseSpectator(incoming: IncomingCommand): Promise<DeskResult> {
    const current = await this.live.fresh(incoming.matchId);
    if (!current) return { reply: unknownMatch() };
    const decision = decide(current.state, stamp(incoming.command, this.clock()), incoming.actor);
    if (decision.ok) {
      // The engine must refuse every spectator command; accepting one would be an engine bug, never stored.
      this.log.error({ matchId: incoming.matchId, type: incoming.command.type }, 'engine accepted a spectator command');
      return { reply: { status: 'refused', rule: 'MR-1', code: 'READ_ONLY', message: 'Spectators can only watch.', version: current.version } };
    }
    return { reply: { status: 'refused', ...decision.refusal, version: current.version } };
  }

  /**
   * Decides first on this process's copy, without reading the store: in the common case (no other process wrote
   * meanwhile) the append is then the only Redis round trip before the update goes out. That is safe for an
   * acceptance because the append is a compare-and-set on the version decided on: a stale copy shows up as a
   * conflict, and the command is decided again on the copy brought up to date. A refusal or a no-change answer is
   * stored without such a check, so it is only ever given on a copy just brought up to date: if the cached copy
   * says no, the desk reads what other processes appended and decides again before answering.
   */
  async #decideAndStore({ matchId, commandId, command, actor }: IncomingCommand): Promise<DeskResult> {
    let current = await this.live.current(matchId);
    let upToDate = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (!current) return { reply: unknownMatch() };

      const decision = decide(current.state, stamp(command, this.clock()), actor);
      if (!upToDate && (!decision.ok || decision.events.length === 0)) {
        upToDate = true;
        const latest = await this.live.fresh(matchId);
        if (latest?.version !== current.version) {
          current = latest;
          continue;
        }
      }
      if (!decision.ok) {
        const refusal: CommandAnswer = { status: 'refused', ...decision.refusal, version: current.version };
        return { reply: await this.#record(matchId, commandId, refusal) };
      }
      if (decision.events.length === 0) {
        // Nothing to append (the store refuses empty appends); the answer still makes a retry idempotent.
        return { reply: await this.#record(matchId, commandId, { status: 'accepted', version: current.version }) };
      }

      const fromVersion = current.version;
      const next = fold(current.state, decision.events, namedCopies);
      const answer: CommandAnswer = { status: 'accepted', version: fromVersion + decision.events.length };
      const broadcast = eventsMessage(matchId, fromVersion, decision.events);
      const announcement = this.announce?.(broadcast);
      const result = await this.store
        .append(matchId, fromVersion, decision.events, next, commandId, answer, announcement)
        .catch((err: unknown) => {
          if (err instanceof StoreUnavailableError) this.#rememberUnconfirmed(commandId, { matchId, fromVersion, count: decision.events.length });
          throw err;
        });
      switch (result.kind) {
        case 'appended':
          this.live.remember(matchId, { version: result.version, state: next });
          return { reply: answer, broadcast };
        case 'duplicate':
          return { reply: { status: 'duplicate', answer: result.answer } };
        case 'conflict':
          this.log.debug({ matchId, attempt, storeVersion: result.version }, 'version moved on; deciding again');
          current = await this.live.fresh(matchId);
          upToDate = true;
          continue;
        default:
          return assertNever(result);
      }
    }
    this.live.forget(matchId);
    return { reply: { status: 'error', code: 'BUSY', message: 'The match is changing too fast right now. Try again.' } };
  }

  /** Stores a no-change answer; if the command was answered before (a retry), that earlier answer wins. */
  async #record(matchId: string, commandId: string, answer: CommandAnswer): Promise<Reply> {
    const stored = await this.store.recordAnswer(matchId, commandId, answer);
    return stored.kind === 'recorded' ? answer : { status: 'duplicate', answer: stored.answer };
  }

  #failure(err: unknown, { matchId, commandId, command }: IncomingCommand): Reply {
    if (err instanceof StoreUnavailableError) {
      this.log.warn({ matchId, commandId, err: err.message }, 'command not saved: store unavailable');
      return NOT_SAVED;
    }
    if (err instanceof UnknownMatchError) return unknownMatch();
    this.log.error({ matchId, commandId, type: command.type, err }, 'command failed');
    return { status: 'error', code: 'INTERNAL', message: 'Something went wrong on the server; nothing was saved.' };
  }
}

export function eventsMessage(matchId: string, fromVersion: number, events: MatchEvent[]): EventsMessage {
  return { matchId, fromVersion, events: events.map((event, i) => ({ version: fromVersion + i + 1, event })) };
}

const unknownMatch = (): Reply => ({ status: 'error', code: 'UNKNOWN_MATCH', message: 'There is no such match.' });

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
