import { z } from 'zod';

/**
 * League data a match needs, as the league layer hands it to the engine. Ids are opaque strings chosen by the
 * league (never free-typed names), so a typo cannot create a new player or machine and a rename keeps history.
 */

export const SideSchema = z.enum(['HOME', 'AWAY']);
export type Side = z.infer<typeof SideSchema>;
export const SIDES: readonly Side[] = ['HOME', 'AWAY'];
export const other = (side: Side): Side => (side === 'HOME' ? 'AWAY' : 'HOME');

export const IdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'ids are letters, digits and _ . : -');

export const RosterStatusSchema = z.enum(['STARTER', 'RESERVE']);
export type RosterStatus = z.infer<typeof RosterStatusSchema>;

export const PlayerSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  status: RosterStatusSchema,
  captain: z.boolean().default(false),
  /** IFPA world ranking recorded by the league; null when unranked. */
  ifpaRank: z.number().int().positive().nullable().default(null),
  /** On the season's top-150 list (R-II.B.2): computed by the league layer from the reference-date ranking. */
  restricted: z.boolean().default(false),
  /**
   * Set by the league layer when the player may not be written into this match's lineups at all, with the rule
   * that forbids it (playoff-inactive R-V.B.1.2, two teams in the same playoffs R-VII.P.2, ...).
   */
  ineligible: z.object({ rule: z.string(), reason: z.string() }).nullable().default(null),
});
export type Player = z.infer<typeof PlayerSchema>;

export const TeamSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  players: z.array(PlayerSchema).min(1).max(10),
});
export type Team = z.infer<typeof TeamSchema>;

/**
 * How a machine can host a game (R-III.D.6, R-III.D.7): most take 4 players; some only 1 or 2; some only 1; some
 * steal, swap or match an opponent's score and so must be played one player at a time like 1-player machines.
 */
export const MachineKindSchema = z.enum(['FOUR_PLAYER', 'TWO_PLAYER', 'ONE_PLAYER', 'SCORE_STEALING']);
export type MachineKind = z.infer<typeof MachineKindSchema>;

export const MachineSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(80),
  kind: MachineKindSchema.default('FOUR_PLAYER'),
});
export type Machine = z.infer<typeof MachineSchema>;

export const VenueSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(120),
  machines: z.array(MachineSchema).max(60),
});
export type Venue = z.infer<typeof VenueSchema>;
