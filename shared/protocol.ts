import { z } from 'zod';
import { IdSchema, SideSchema } from './league';
import type { MatchEvent } from './events';
import type { MatchState } from './state';

/**
 * The whole wire protocol between a phone and the match room, in one file: a newcomer reads this and knows every
 * message. Both ends parse what they receive with these schemas (the server trusts nothing from a socket; the
 * client trusts nothing from the network). Socket.IO event names are the keys of ClientToServer / ServerToClient.
 *
 * Versions: a match's version is the number of events in its log. `events` messages carry `fromVersion`, the
 * version they apply on top of. A client applies a batch only when `fromVersion` equals the version it holds
 * (skipping events it already has when the batch overlaps), and otherwise sends `sync`: broadcasts from several
 * server processes may arrive out of order, and a resync is always right.
 */
export const PROTOCOL_VERSION = 1;

/** A client message larger than this (as JSON) is answered TOO_LARGE and changes nothing. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Handshake (Socket.IO `auth` option)

/** A client-chosen opaque id: command ids and device ids are never interpreted, only compared. */
export const ClientIdSchema = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, _ and -');

export const HandshakeSchema = z.object({
  matchId: IdSchema,
  /** The `t` of a captain link, or the league's admin secret. Absent: spectator. */
  token: z.string().min(1).max(200).optional(),
  /**
   * A random id the phone keeps (localStorage). The newest connection of the same device and team replaces the
   * older one (a dropped phone reconnecting); two captains of one team on two phones stay connected side by side.
   */
  deviceId: ClientIdSchema.optional(),
  /** The last version the client holds; the server answers with the events after it or a snapshot. */
  version: z.number().int().nonnegative().optional(),
});
export type Handshake = z.infer<typeof HandshakeSchema>;

export const RoleSchema = z.enum(['captain', 'spectator', 'commissioner']);
export type Role = z.infer<typeof RoleSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Client -> server

/**
 * `type` and `payload` are parsed by the engine's CommandSchema after this envelope parses, so a bad payload is
 * reported as BAD_MESSAGE with the engine schema's own message.
 */
export const CommandEnvelopeSchema = z.strictObject({
  commandId: ClientIdSchema,
  matchId: IdSchema,
  /** The version the captain saw when tapping; informational (see server/room/commandDesk.ts). */
  expectedVersion: z.number().int().nonnegative(),
  type: z.string().min(1).max(40),
  payload: z.unknown(),
});
export type CommandEnvelope = z.infer<typeof CommandEnvelopeSchema>;

export const SyncSchema = z.strictObject({
  matchId: IdSchema,
  version: z.number().int().nonnegative(),
});
export type Sync = z.infer<typeof SyncSchema>;

/**
 * A lineup being prepared (MR-6): shared live between the team's captains only, never in the match log. Looser
 * than declareLineup on purpose: a draft may be half filled in.
 */
export const DraftGameSchema = z.strictObject({
  machineId: IdSchema.nullable().optional(),
  players: z.array(IdSchema.nullable()).max(2),
});
export const DraftSchema = z.strictObject({
  round: z.number().int().min(1).max(4),
  games: z.array(DraftGameSchema).max(4),
});
export type Draft = z.infer<typeof DraftSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Server -> client

/** What the server decided about a command; stored with its commandId so a retry gets the same answer. */
export const CommandAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('accepted'), version: z.number().int().nonnegative() }),
  z.object({
    status: z.literal('refused'),
    rule: z.string(),
    code: z.string(),
    message: z.string(),
    /** The match's version when it was refused, so the client can tell whether it is behind. */
    version: z.number().int().nonnegative(),
  }),
]);
export type CommandAnswer = z.infer<typeof CommandAnswerSchema>;

export const ErrorCodeSchema = z.enum([
  /** The store could not be reached: nothing was saved, the same command may be sent again. */
  'NOT_SAVED',
  /** The message did not parse (the message says where). Nothing changed. */
  'BAD_MESSAGE',
  'TOO_LARGE',
  'RATE_LIMITED',
  /** The message names another match than the one this connection follows. */
  'WRONG_MATCH',
  'UNKNOWN_MATCH',
  /** Only captains send drafts. */
  'FORBIDDEN',
  /** Too many processes raced on this match at once; nothing was saved, try again. */
  'BUSY',
  /** The store cannot be read right now (handshake, resync); the client tries again shortly. */
  'UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The acknowledgement of every client message: exactly one per message. */
export const ReplySchema = z.union([
  CommandAnswerSchema,
  z.object({ status: z.literal('duplicate'), answer: CommandAnswerSchema }),
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('error'), code: ErrorCodeSchema, message: z.string() }),
]);
export type Reply = z.infer<typeof ReplySchema>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Events and state are produced by the engine; on the wire we only check their outer shape. */
const EventSchema = z.custom<MatchEvent>((v) => isRecord(v) && typeof v.type === 'string', 'not an event');
const StateSchema = z.custom<MatchState>((v) => isRecord(v) && typeof v.version === 'number', 'not a match state');

export const WelcomeSchema = z.object({
  role: RoleSchema,
  side: SideSchema.optional(),
  matchId: IdSchema,
  protocolVersion: z.number().int(),
  /** A token was given but matched no seat (stale or mistyped link): the connection is read only. */
  tokenRejected: z.boolean().optional(),
  /**
   * The server's clock (epoch ms) when it sent this message. Phones show countdowns (the waiting window, R-VI.C.2)
   * on the server's clock, not their own, so two captains' phones agree to within the network's one-way delay.
   */
  serverTime: z.number().int().nonnegative(),
});
export type Welcome = z.infer<typeof WelcomeSchema>;

export const EventsMessageSchema = z.object({
  matchId: IdSchema,
  fromVersion: z.number().int().nonnegative(),
  events: z.array(z.object({ version: z.number().int().positive(), event: EventSchema })).min(1),
});
export type EventsMessage = z.infer<typeof EventsMessageSchema>;

export const SnapshotMessageSchema = z.object({
  matchId: IdSchema,
  version: z.number().int().nonnegative(),
  state: StateSchema,
});
export type SnapshotMessage = z.infer<typeof SnapshotMessageSchema>;

export const DraftMessageSchema = z.object({
  matchId: IdSchema,
  side: SideSchema,
  draft: DraftSchema,
  /** Server time of the edit. */
  at: z.number().int(),
});
export type DraftMessage = z.infer<typeof DraftMessageSchema>;

/** This connection was replaced by a newer one of the same seat; the server disconnects it. Do not reconnect. */
export const ReplacedSchema = z.object({ matchId: IdSchema });
export type Replaced = z.infer<typeof ReplacedSchema>;

/**
 * How many phones are connected on each team's captain link right now, over every server process. Sent to the
 * whole room when a captain connects or leaves, and to each phone as it connects. A captain sees whether the other
 * team's captain has the sheet open; a spectator whether anyone is keeping it.
 */
export const PresenceSchema = z.object({
  matchId: IdSchema,
  captains: z.object({ HOME: z.number().int().nonnegative(), AWAY: z.number().int().nonnegative() }),
});
export type Presence = z.infer<typeof PresenceSchema>;

/** A message the server could not answer through an acknowledgement (none was given, or the event is unknown). */
export const ProblemSchema = z.object({ code: ErrorCodeSchema, message: z.string() });
export type Problem = z.infer<typeof ProblemSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Socket.IO typings for the client (the server listens untyped and parses, see server/room/connection.ts).

export type Ack = (reply: Reply) => void;

export interface ClientToServer {
  command: (envelope: CommandEnvelope, ack: Ack) => void;
  sync: (sync: Sync, ack: Ack) => void;
  draft: (draft: Draft, ack: Ack) => void;
}

export interface ServerToClient {
  welcome: (welcome: Welcome) => void;
  events: (message: EventsMessage) => void;
  snapshot: (message: SnapshotMessage) => void;
  draft: (message: DraftMessage) => void;
  replaced: (message: Replaced) => void;
  presence: (message: Presence) => void;
  problem: (problem: Problem) => void;
}
