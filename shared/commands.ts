import { z } from 'zod';
import { IdSchema, MachineSchema, SideSchema } from './league';

/**
 * Every command a captain (or the commissioner) can send, as one discriminated union on `type`. The server parses
 * each message with these schemas before anything else looks at it; the engine only ever sees parsed commands.
 * Objects are strict: a field the schema does not know is refused rather than dropped, so a misspelt option (say
 * `flagMinimumplay`) is reported to the captain instead of being silently ignored.
 */

const round = z.number().int().min(1).max(4);
const game = z.number().int().min(1).max(4);
const GameRefSchema = z.strictObject({ round, game });
export type GameRef = z.infer<typeof GameRefSchema>;

const players = z.array(IdSchema).max(2);

/** One game slot of a declaration: the FD gives the machine (null = a slot it forfeits, OQ-04), both give players. */
const DeclaredGameSchema = z.strictObject({
  machineId: IdSchema.nullable().optional(),
  players,
  /** R-VI.A.2.4: an absent rostered player written into round 1 game 2 by a short team. */
  writeIn: IdSchema.optional(),
});
export type DeclaredGame = z.infer<typeof DeclaredGameSchema>;

const SeatSchema = z.strictObject({ playerId: IdSchema, position: z.number().int().min(1).max(4) });

export const IncidentKindSchema = z.enum([
  'OUT_OF_TURN', // R-III.C.5.1, including the wrong team starting ball 1 (R-III.C.5.1.1)
  'LOGGED_IN', // R-III.C.6.1: a team's first occurrence is a warning (R-III.C.6.1.1), a second one disqualifies (R-III.C.6.1.2)
  'SLAM_TILT', // R-VII.Q.1
  'MACHINE_DAMAGE', // R-VII.Q.3
  'TILTED_OPPONENT', // R-VII.B.6
  'DEATH_SAVE', // R-VII.E.2.1
  'STUCK_BALL_ADVANTAGE', // R-VII.L.1.4.1.2.p3
  'PRACTICE', // R-VII.J.2.1
  'SCORE_STEALING', // R-III.D.7.3 / R-III.E.4.3
  'MAJOR_FAILURE', // R-VII.L.2
  'MINOR_FAILURE', // R-VII.L.1 (a record only)
  'STUCK_BALL', // R-VII.L.1.4.1.1.p5 (compensation; a record only)
  'SIDE_BY_SIDE', // R-VII.O.5.2 (a record; restart when asked)
]);
export type IncidentKind = z.infer<typeof IncidentKindSchema>;

/** When a first logged-in occurrence was found: it decides the warning's handling. */
export const LoggedInPhaseSchema = z.enum([
  'BEFORE_PLAY', // before any ball: the game is restarted (R-III.C.6.1.1.1)
  'AFTER_BALLS', // balls completed: the opposing team chooses before ball 2 (R-III.C.6.1.1.2)
  'AFTER_BALL_2', // the player had started ball 2: the game counts (R-III.C.6.1.1.3)
]);
export type LoggedInPhase = z.infer<typeof LoggedInPhaseSchema>;

/** What the captains decided to do about a major failure (R-VII.L.2.3-L.2.5). */
export const FailureActionSchema = z.enum([
  'ELIMINATE', // take the machine out of the match and move the game (R-VII.L.2.3, R-VII.L.2.7)
  'KEEP', // both captains agree to keep it (R-VII.L.2.3.1): the confirmation is the second team's agreement
  'RESTART_GAME', // failure during ball 1: whole game restarted (R-VII.L.2.4.1)
  'PLAYER_OPTION', // after ball 1, one player affected: their replay or compensation ball (R-VII.L.2.4.2)
  'RESET_SEGMENTS', // machine reset after all ball 1s: scores continue in a second segment (R-VII.L.2.5)
]);
export type FailureAction = z.infer<typeof FailureActionSchema>;

export const IncidentSchema = z.strictObject({
  kind: IncidentKindSchema,
  /** The offending (or affected) team; for player incidents it must be the player's team. */
  side: SideSchema,
  playerId: IdSchema.optional(),
  phase: LoggedInPhaseSchema.optional(),
  action: FailureActionSchema.optional(),
  note: z.string().max(500).optional(),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const AgreementSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('EXTRA_DELAY') }), // R-VI.C.2.2.1
  z.strictObject({ kind: z.literal('EARLY_START') }), // OQ-28
  z.strictObject({ kind: z.literal('CHALLENGE_MODES') }), // R-VII.G.1
  z.strictObject({ kind: z.literal('ONE_AT_A_TIME') }), // R-VII.O.5.1
  z.strictObject({ kind: z.literal('REMOVE_MACHINE'), machineId: IdSchema }), // R-VII.L.1.2, R-VII.L.3
  z.strictObject({ kind: z.literal('TIME_LIMIT_OFF') }), // R-VII.R.1.1
  z.strictObject({ kind: z.literal('RESCHEDULE'), date: z.string().max(40), venue: z.string().max(120) }), // R-VII.A.1.4, R-VII.L.2.8.2
  z.strictObject({ kind: z.literal('RESOLUTION'), text: z.string().min(1).max(1000), round: round.optional(), game: game.optional() }), // R-VII.D.2.2
  z.strictObject({ kind: z.literal('ABANDON') }), // R-VII.D.4.2: both teams refuse to play on
  z.strictObject({ kind: z.literal('LINEUP_FIX'), round, games: z.array(DeclaredGameSchema).min(1).max(4) }), // OQ-37
]);
export type Agreement = z.infer<typeof AgreementSchema>;

const c = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.strictObject({ type: z.literal(type), payload });

export const CommandSchema = z.discriminatedUnion('type', [
  // attendance (VI)
  c('markArrived', z.strictObject({ playerId: IdSchema, time: z.number().int().nonnegative() })),
  c('markDeparted', z.strictObject({ playerId: IdSchema, time: z.number().int().nonnegative() })),
  // OQ-30: also sent by a league official (the player's team is then the one whose roster names them)
  c('designateActingCaptain', z.strictObject({ playerId: IdSchema })),
  c('claimForfeit', z.strictObject({})),
  c('claimFullEvening', z.strictObject({})),
  // agreements between the captains (MR-3)
  c('propose', AgreementSchema),
  c('accept', z.strictObject({ proposalId: IdSchema })),
  c('decline', z.strictObject({ proposalId: IdSchema })),
  // match settings HOME may choose (VII.F) and time etiquette (VII.R)
  c('setExtraBall', z.strictObject({ extraBall: z.enum(['ONE', 'NONE']) })),
  c('setBallLimit', z.strictObject({ maxThreeBalls: z.boolean() })),
  c('enableTimeLimit', z.strictObject({})),
  // lineups and play (III)
  c('declareLineup', z.strictObject({ round, games: z.array(DeclaredGameSchema).min(2).max(4) })),
  c('setPlayOrder', z.strictObject({ round, game, seats: z.array(SeatSchema).min(1).max(2) })),
  c('startGame', GameRefSchema),
  c('enterScore', z.strictObject({ round, game, playerId: IdSchema, points: z.number().int().nonnegative(), segment: z.number().int().min(1).max(2).default(1) })),
  c('replayGame', GameRefSchema),
  // entries bind when the other team confirms (MR-4)
  c('confirmEntry', z.strictObject({ entryId: IdSchema })),
  c('disputeEntry', z.strictObject({ entryId: IdSchema, reason: z.string().max(300).default('') })),
  // incidents (III.C, VII)
  c('recordIncident', z.strictObject({ round, game, incident: IncidentSchema })),
  c('chooseLoggedInOption', z.strictObject({ entryId: IdSchema, option: z.enum(['CONTINUE', 'NEW_GAME']) })),
  c('markBall2Started', z.strictObject({ entryId: IdSchema })),
  // machine failure (VII.L.2.7)
  c('replaceMachine', z.strictObject({ round, games: z.array(z.strictObject({ game, machineId: IdSchema })).min(1).max(4) })),
  c('redeclareGames', z.strictObject({ round, games: z.array(z.strictObject({ game, players })).min(1).max(4) })),
  // tie-breaker (III.G)
  c('chooseTiebreaker', z.strictObject({ format: z.enum(['SHARED_GAME', 'SPLIT_FLIPPER']), machineId: IdSchema, players: z.array(IdSchema).min(2).max(3) })),
  c('declareTiebreakerPlayers', z.strictObject({ players: z.array(IdSchema).min(2).max(3) })),
  c('startTiebreaker', z.strictObject({})),
  c('enterTiebreakerScore', z.strictObject({ side: SideSchema, points: z.number().int().nonnegative() })),
  c('replayTiebreaker', z.strictObject({})),
  c('recordTiebreakerIncident', z.strictObject({ incident: IncidentSchema })),
  c('replaceTiebreakerMachine', z.strictObject({ machineId: IdSchema })),
  // disputes, sign-off (VII.D, MR-5)
  c('challengeGame', z.strictObject({
    round, game, reason: z.string().min(1).max(1000),
    /** R-VII.D.2.3: the game was also played under the other reading; who won it there (NONE: nobody). */
    alternative: z.enum(['HOME', 'AWAY', 'NONE']).optional(),
  })),
  c('withdrawChallenge', z.strictObject({ challengeId: IdSchema })),
  // R-VII.D.3.4: the challenging team's written report to the league (photos come over HTTP, ServerCommandSchema)
  c('writeChallengeReport', z.strictObject({ challengeId: IdSchema, text: z.string().trim().min(1).max(2000) })),
  c('recordOpponentLeft', z.strictObject({})),
  c('signOff', z.strictObject({ flagMinimumPlay: z.boolean().default(false) })),
  // relocation (VII.A, VII.L.2.8, VII.N)
  c('relocate', z.strictObject({
    cause: z.enum(['VENUE_CLOSED', 'NO_WORKING_MACHINE']),
    venueName: z.string().min(1).max(120),
    leagueVenue: z.boolean(),
    reason: z.string().max(500).default(''),
    machines: z.array(MachineSchema).min(1).max(60),
  })),
  c('recordRefusalToMove', z.strictObject({})),
  // commissioner (league official) acts
  c('recordImproperMove', z.strictObject({})),
  c('ruleOnChallenge', z.strictObject({
    challengeId: IdSchema, ruling: z.string().min(1).max(2000),
    /** R-VII.S.1: the ruling official's own player id, when they play in the league. */
    officialPlayerId: IdSchema.optional(),
    /** R-VII.D.3.5: a warning to a team that blatantly ignored the written rules. */
    warn: SideSchema.optional(),
  })),
]);
/** A command a phone may send: what the room parses every socket message with. */
export type PhoneCommand = z.infer<typeof CommandSchema>;
export type CommandInput = z.input<typeof CommandSchema>;
/** The types a phone may send (the server-made ones below are not among them). */
export type CommandType = PhoneCommand['type'];

/** R-VII.D.3.4: the picture formats a challenge report's photo may have (what every phone browser can show). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PhotoContentTypeSchema = z.enum(PHOTO_CONTENT_TYPES);
export type PhotoContentType = z.infer<typeof PhotoContentTypeSchema>;
/** The largest photo the server stores. Phones downscale before sending (about 200-400 KB); this leaves room for a
 *  phone that cannot, without letting one upload fill the store. */
export const MAX_PHOTO_BYTES = 3 * 1024 * 1024;
/** R-VII.D.3.4: photos one challenge may carry; a report needs a few, and each is kept in the store for good. */
export const MAX_PHOTOS_PER_CHALLENGE = 6;

/** A stored photo as the engine sees it: never the bytes, only what identifies them (the server computed it). */
export const PhotoRefSchema = z.strictObject({
  contentType: PhotoContentTypeSchema,
  bytes: z.number().int().positive().max(MAX_PHOTO_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PhotoRef = z.infer<typeof PhotoRefSchema>;

/**
 * Commands the server makes itself and never takes from a socket: the room parses socket messages with
 * CommandSchema, which does not have them. A photo is attached only by the upload route, after it has stored the
 * bytes (server/http/challengePhotoRoutes.ts); a phone naming a sha256 it never uploaded cannot attach anything.
 */
export const ServerCommandSchema = z.discriminatedUnion('type', [
  c('attachChallengePhoto', z.strictObject({ challengeId: IdSchema, photo: PhotoRefSchema })),
]);
export type ServerCommand = z.infer<typeof ServerCommandSchema>;

/** Every command the engine decides: a phone's, or one the server made. */
export type Command = PhoneCommand | ServerCommand;
export type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;
export type PayloadOf<T extends Command['type']> = CommandOf<T>['payload'];

/** A command as the server hands it to the engine: parsed, with the server's clock stamped on it. */
export type StampedCommand = Command & { at: number };

/**
 * `command` with the server's clock stamped on it. A literal, not `{ ...command, at }`: in Node 20 a spread followed by
 * a field its source lacks gives every result a hidden class of its own, allocated in the old generation, one per
 * command (bench/HISTORY.md, "A thirtieth host"). A parsed command has no other fields (its schema is strict).
 */
export const stamp = (command: Command, at: number): StampedCommand => ({ type: command.type, payload: command.payload, at }) as StampedCommand;

/** Who sends a command; fixed by the server at the socket handshake, never taken from the message. */
export type Actor =
  | { role: 'captain'; side: 'HOME' | 'AWAY' }
  | { role: 'spectator' }
  | { role: 'commissioner' };
