import type { Agreement, DeclaredGame, Incident, PhotoRef } from './commands';
import type { Machine, Side } from './league';

/**
 * Events are the facts the engine has accepted; the match state is their fold (evolve.ts). Each carries the
 * server's time and who caused it, so the log doubles as the scoresheet's audit trail ("who entered what, when").
 * Consequences are explicit events (a machine eliminated, a game restarted) rather than something evolve infers,
 * so the history reads like the evening did and evolve never re-runs rules.
 */
type E<T extends string, P> = { type: T; at: number; by: Side | 'LEAGUE' } & P;

export type GameKey = { round: number; game: number };

/** A photo attached to a challenge: the engine's id for it (`F7`) and what identifies the stored bytes. */
export type ChallengePhoto = PhotoRef & { id: string };

export type MatchEvent =
  | E<'PlayerArrived', { side: Side; playerId: string; time: number }>
  | E<'PlayerDeparted', { side: Side; playerId: string; time: number; forfeits: GameKey[] }>
  | E<'ActingCaptainDesignated', { side: Side; playerId: string }>
  | E<'MatchForfeited', { forfeiting: Side[] }>
  | E<'FullEveningClaimed', { side: Side }>
  | E<'AgreementProposed', { proposalId: string; agreement: Agreement }>
  | E<'AgreementAccepted', { proposalId: string }>
  | E<'AgreementDeclined', { proposalId: string }>
  | E<'MachineRemoved', { machineId: string }>
  | E<'MatchAbandoned', { voided: GameKey[] }>
  | E<'MatchRescheduled', { date: string; venue: string }>
  | E<'LineupFixed', { round: number; side: Side; games: DeclaredGame[]; forfeited: number[] }>
  | E<'ExtraBallSet', { extraBall: 'ONE' | 'NONE' }>
  | E<'BallLimitSet', { maxThreeBalls: boolean }>
  | E<'TimeLimitEnabled', Record<never, never>>
  | E<'LineupDeclared', { round: number; side: Side; short: boolean; games: DeclaredGame[]; forfeited: number[]; overrun: boolean }>
  | E<'PlayOrderSet', { round: number; game: number; side: Side; seats: { playerId: string; position: number }[] }>
  | E<'GameStarted', { round: number; game: number; seated: Record<Side, string[]> }>
  | E<'ScoreEntered', { entryId: string; round: number; game: number; playerId: string; side: Side; points: number; segment: number }>
  | E<'EntryConfirmed', { entryId: string }>
  | E<'EntryDisputed', { entryId: string; reason: string }>
  | E<'IncidentRecorded', { entryId: string; round: number; game: number; incident: Incident }>
  | E<'LoggedInOptionChosen', { entryId: string; option: 'CONTINUE' | 'NEW_GAME' }>
  | E<'Ball2Started', { entryId: string }>
  | E<'GameRestarted', { round: number; game: number; reason: string; oneAtATime: boolean }>
  | E<'MachineEliminated', { machineId: string; round: number; games: number[] }>
  | E<'MachineReplaced', { round: number; games: { game: number; machineId: string }[] }>
  | E<'GamesRedeclared', { round: number; side: Side; games: { game: number; players: string[] }[] }>
  | E<'TiebreakerChosen', { format: 'SHARED_GAME' | 'SPLIT_FLIPPER'; machineId: string; players: string[] }>
  | E<'TiebreakerPlayersDeclared', { players: string[] }>
  | E<'TiebreakerStarted', Record<never, never>>
  | E<'TiebreakerScoreEntered', { entryId: string; side: Side; points: number }>
  | E<'TiebreakerReplayed', Record<never, never>>
  /** R-VII.L.2.7 in the tie-breaker: its machine is out; the game starts again on the machine HOME picks next. */
  | E<'TiebreakerMachineFailed', { machineId: string }>
  | E<'TiebreakerMachineReplaced', { machineId: string }>
  | E<'GameChallenged', { challengeId: string; round: number; game: number; reason: string; reportDue: number; alternative?: Side | 'NONE' }>
  | E<'ChallengeWithdrawn', { challengeId: string }>
  | E<'ChallengeRuled', { challengeId: string; ruling: string; warned?: Side }>
  /** R-VII.D.3.4: a photo for the challenge's report, stored by the server before this event was decided. */
  | E<'ChallengePhotoAttached', { challengeId: string; photo: ChallengePhoto }>
  /** R-VII.D.3.4: the challenging team's written report; a later one replaces it (the log keeps every version). */
  | E<'ChallengeReportWritten', { challengeId: string; text: string }>
  | E<'OpponentLeft', { left: Side; forfeited: GameKey[] }>
  | E<'SignaturesCleared', Record<never, never>>
  | E<'SignedOff', { side: Side; flagMinimumPlay: boolean }>
  | E<'Relocated', { cause: 'VENUE_CLOSED' | 'NO_WORKING_MACHINE'; venueName: string; leagueVenue: boolean; reason: string; machines: Machine[]; unseated: GameKey[] }>
  | E<'RefusalToMoveRecorded', { refusing: Side }>
  | E<'ImproperMoveRecorded', Record<never, never>>;

export type MatchEventType = MatchEvent['type'];
export type EventOf<T extends MatchEventType> = Extract<MatchEvent, { type: T }>;

/** Events that change a score or an incident: after a signature they clear every signature (MR-5). */
export const SCORESHEET_CHANGES: ReadonlySet<MatchEventType> = new Set<MatchEventType>([
  'ScoreEntered', 'EntryConfirmed', 'EntryDisputed', 'IncidentRecorded', 'LoggedInOptionChosen', 'Ball2Started',
  'GameRestarted', 'TiebreakerScoreEntered', 'TiebreakerReplayed', 'TiebreakerMachineFailed', 'TiebreakerMachineReplaced', 'GamesRedeclared', 'MachineReplaced', 'LineupFixed',
]);
