import type { Refusal } from '../../shared/index';
import {
  type RosterBatch, type RosterEdit, SeasonRostersSchema, SeasonSchema, type SeasonTeam, SeasonTeamSchema, rosterOn,
  submitRosterRequest, type TeamRoster, type Verdict,
} from '../../shared/season/index';
import { COLLECTIONS, readDoc, updateDoc } from './leagueStore';
import type { LeagueRouteContext } from './routeContext';
import { emptyRosters, type SeasonBundle } from './seasonData';

export interface RosterRequestInput {
  kind: 'REGISTRATION' | 'CHANGE';
  effective: string;
  requestedBy: string;
  edits: RosterEdit[];
  /** When the captain asked, if earlier than now (a request keyed in later keeps its time, OQ-27b). */
  submittedAt?: number;
  /**
   * The batch id to use (a captain's request: derived from the request), so that entering the same request twice
   * (two commissioners at once) adds it once: the second finds the batch already there.
   */
  batchId?: string;
}

/**
 * Submits a registration or change through the rules (rosterChanges.ts) and stores the season's rosters with
 * compare-and-set, so two changes racing for the same player are judged one after the other (R-VII.P.1).
 */
export async function submitRoster(ctx: LeagueRouteContext, bundle: SeasonBundle, team: SeasonTeam, input: RosterRequestInput): Promise<Verdict<{ batch: RosterBatch; history: TeamRoster }>> {
  const continuing = input.kind === 'REGISTRATION' ? await continuingPlayers(ctx, team) : [];
  const submittedAt = input.submittedAt ?? ctx.clock();
  let batch: RosterBatch | null = null;
  const out = await updateDoc<typeof SeasonRostersSchema, Refusal>(ctx.store, COLLECTIONS.rosters, bundle.season.id, SeasonRostersSchema, async (current) => {
    const rosters = current ?? emptyRosters(bundle.season.id);
    const count = rosters.teams[team.id]?.batches.length ?? 0;
    if (input.batchId && rosters.teams[team.id]?.batches.some((b) => b.id === input.batchId)) {
      return { stop: { rule: 'OQ-27b', code: 'ALREADY_ENTERED', message: 'This request is already on the roster.' } };
    }
    const verdict = submitRosterRequest(
      { season: bundle.season, team, teams: bundle.teams, rosters, players: bundle.players, zone: bundle.zone, continuing },
      { id: input.batchId ?? `${input.kind === 'REGISTRATION' ? 'reg' : 'chg'}-${count + 1}-${submittedAt}`, kind: input.kind, effective: input.effective, requestedBy: input.requestedBy, enteredBy: 'OFFICIAL', edits: input.edits, submittedAt },
    );
    if (!verdict.ok) return { stop: verdict.refusal };
    batch = verdict.value.batch;
    return { write: verdict.value.rosters };
  });
  if ('stopped' in out) return { ok: false, refusal: out.stopped };
  return { ok: true, value: { batch: batch!, history: out.written.teams[team.id]! } };
}

/** OQ-26: players on the final roster of the team this one continues keep their grandfathered standing. */
async function continuingPlayers(ctx: LeagueRouteContext, team: SeasonTeam): Promise<string[]> {
  if (!team.continuesTeamId) return [];
  const previous = await readDoc(ctx.store, COLLECTIONS.teams, team.continuesTeamId, SeasonTeamSchema);
  if (!previous) return [];
  const [season, rosters] = await Promise.all([
    readDoc(ctx.store, COLLECTIONS.seasons, previous.doc.seasonId, SeasonSchema),
    readDoc(ctx.store, COLLECTIONS.rosters, previous.doc.seasonId, SeasonRostersSchema),
  ]);
  if (!season || !rosters) return [];
  return rosterOn(rosters.doc.teams[previous.doc.id], season.doc.regularSeason.end).map((m) => m.playerId);
}
