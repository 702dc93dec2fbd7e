import { z } from 'zod';
import { IdSchema, RosterStatusSchema, type RosterStatus } from '../league';
import { type LocalDate, LocalDateSchema } from './calendar';

/**
 * A roster is the history of dated batches a team submitted (its registration first, then changes), never a
 * mutable list: the roster on any date is the fold of the batches in force that day (R-II.C.3), so a match uses
 * the statuses of its own date (R-II.A.5) and the playoffs the final regular week's (R-V.B.1).
 */

export const RosterEditSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ADD'), playerId: IdSchema, status: RosterStatusSchema, captain: z.boolean().default(false) }),
  z.object({ op: z.literal('DROP'), playerId: IdSchema }),
  z.object({ op: z.literal('SET_STATUS'), playerId: IdSchema, status: RosterStatusSchema }),
  z.object({ op: z.literal('SET_CAPTAIN'), playerId: IdSchema, captain: z.boolean() }),
]);
export type RosterEdit = z.infer<typeof RosterEditSchema>;
export type RosterEditInput = z.input<typeof RosterEditSchema>;

export const RosterBatchSchema = z.object({
  id: IdSchema,
  kind: z.enum(['REGISTRATION', 'CHANGE']),
  /** The day the batch takes effect (R-II.C.3). */
  effective: LocalDateSchema,
  /** Server time of submission (epoch ms). */
  submittedAt: z.number().int().nonnegative(),
  /** The captain who asked for it (R-II.C.3, R-II.0.1). */
  requestedBy: IdSchema,
  /** OQ-27b: a league official may key a change in on a captain's request; the deadline is the same. */
  enteredBy: z.enum(['CAPTAIN', 'OFFICIAL']),
  /** OQ-27: the edits apply together; only the resulting roster is checked. */
  edits: z.array(RosterEditSchema).min(1).max(20),
  /** IFPA rank of every player on the resulting roster when submitted (R-II.B.1: the rank recorded at that moment). */
  ranks: z.record(z.string(), z.number().int().positive().nullable()),
  /** REGISTRATION only: players continuing from the team's previous season, not counted as additions (OQ-26). */
  continuing: z.array(IdSchema).max(10).default([]),
});
export type RosterBatch = z.infer<typeof RosterBatchSchema>;

export const TeamRosterSchema = z.object({
  teamId: IdSchema,
  batches: z.array(RosterBatchSchema).max(500),
});
export type TeamRoster = z.infer<typeof TeamRosterSchema>;

/** All rosters of a season in one document, so every roster change of the season is checked against the others atomically (R-VII.P.1). */
export const SeasonRostersSchema = z.object({
  seasonId: IdSchema,
  teams: z.record(z.string(), TeamRosterSchema),
});
export type SeasonRosters = z.infer<typeof SeasonRostersSchema>;

export interface RosterMember {
  playerId: string;
  status: RosterStatus;
  captain: boolean;
}

/** Batches in the order they apply: by effective date, then by submission time (then id, for a total order). */
export function inForceOrder(batches: readonly RosterBatch[]): RosterBatch[] {
  return [...batches].sort(
    (a, b) => (a.effective < b.effective ? -1 : a.effective > b.effective ? 1 : a.submittedAt - b.submittedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
}

/** Applies a batch's edits without judging them (the checks live in rosterRules.ts and rosterChanges.ts). */
export function applyEdits(members: readonly RosterMember[], edits: readonly RosterEdit[]): RosterMember[] {
  let next = members.map((m) => ({ ...m }));
  for (const e of edits) {
    switch (e.op) {
      case 'ADD':
        next = next.filter((m) => m.playerId !== e.playerId);
        next.push({ playerId: e.playerId, status: e.status, captain: e.captain });
        break;
      case 'DROP':
        next = next.filter((m) => m.playerId !== e.playerId);
        break;
      case 'SET_STATUS':
        next = next.map((m) => (m.playerId === e.playerId ? { ...m, status: e.status } : m));
        break;
      case 'SET_CAPTAIN':
        next = next.map((m) => (m.playerId === e.playerId ? { ...m, captain: e.captain } : m));
        break;
      default: {
        const never: never = e;
        return never;
      }
    }
  }
  return next;
}

/** The roster in force on `date`: every batch effective that day or before (R-II.C.3). Empty before registration. */
export function rosterOn(roster: TeamRoster | undefined, date: LocalDate): RosterMember[] {
  let members: RosterMember[] = [];
  for (const b of inForceOrder(roster?.batches ?? [])) {
    if (b.effective > date) break;
    members = applyEdits(members, b.edits);
  }
  return members;
}

/** Players ever dropped from this team in the season (R-II.C.1.1), up to and including `date` when given. */
export function droppedPlayers(roster: TeamRoster | undefined, date?: LocalDate): Set<string> {
  const dropped = new Set<string>();
  for (const b of inForceOrder(roster?.batches ?? [])) {
    if (date !== undefined && b.effective > date) break;
    for (const e of b.edits) if (e.op === 'DROP') dropped.add(e.playerId);
  }
  return dropped;
}

export const registration = (roster: TeamRoster | undefined): RosterBatch | undefined =>
  roster?.batches.find((b) => b.kind === 'REGISTRATION');

export const countStatus = (members: readonly RosterMember[], status: RosterStatus) => members.filter((m) => m.status === status).length;
