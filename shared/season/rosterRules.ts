import { inTop, TOP_150, TOP_500 } from './people';
import { countStatus, type RosterMember } from './roster';
import { refusal, type RuleCheck } from './verdict';

/** R-II.A: the shape every roster must keep, and R-II.B.1: the ranking caps checked when players join. */

export const ROSTER_MIN = 6; // R-II.A.1
export const ROSTER_MAX = 10; // R-II.A.1
export const STARTERS_MIN = 6; // R-II.A.3
export const RESERVES_MAX = 4; // R-II.A.4
export const TOP_500_CAP = 2; // R-II.B.1.1
export const TOP_150_CAP = 1; // R-II.B.1.2

/**
 * Every way `members` breaks R-II.A, most specific first: too many reserves is named before too many players
 * (adding a fifth reserve to 6 + 4 breaks both, and "at most 4 reserves" is what the captain needs to hear), and
 * captains before counts (a captain made a reserve must be told to reassign the captaincy).
 */
export function rosterShapeProblems(members: readonly RosterMember[]): { rule: string; message: string }[] {
  const problems: { rule: string; message: string }[] = [];
  const starters = countStatus(members, 'STARTER');
  const reserves = countStatus(members, 'RESERVE');
  const captains = members.filter((m) => m.captain);
  if (captains.some((c) => c.status !== 'STARTER')) {
    problems.push({ rule: 'R-II.A.2', message: 'A captain must be a STARTER: hand the captaincy to another starter first.' });
  }
  if (captains.length < 1 || captains.length > 2) {
    problems.push({ rule: 'R-II.A.2', message: `A roster has 1 or 2 captains; this one would have ${captains.length}.` });
  }
  if (reserves > RESERVES_MAX) {
    problems.push({ rule: 'R-II.A.4', message: `A roster has at most ${RESERVES_MAX} reserves; this one would have ${reserves}.` });
  }
  if (members.length < ROSTER_MIN || members.length > ROSTER_MAX) {
    problems.push({ rule: 'R-II.A.1', message: `A roster has ${ROSTER_MIN} to ${ROSTER_MAX} players; this one would have ${members.length}.` });
  }
  if (starters < STARTERS_MIN) {
    problems.push({ rule: 'R-II.A.3', message: `A roster has at least ${STARTERS_MIN} starters; this one would have ${starters}.` });
  }
  return problems;
}

/** R-II.A as one check: the first problem names the rule, the message lists them all. */
export function checkRosterShape(members: readonly RosterMember[], context: string): RuleCheck {
  const problems = rosterShapeProblems(members);
  if (problems.length === 0) return null;
  const text = problems.map((p) => `${p.message} (${p.rule})`).join(' ');
  return refusal(problems[0]!.rule, `${context}: ${text}`, 'ROSTER_SHAPE');
}

/**
 * R-II.B.1.1 / R-II.B.1.2, checked only when a batch adds players (R-II.B.1): the caps count everyone on the
 * resulting roster with the ranks recorded at submission, grandfathered players included (OQ-26). A player who
 * climbed the ranking while on the roster never invalidates it by themselves (R-II.B.1.3): nothing here runs
 * unless someone joins.
 */
export function checkRankingCaps(
  members: readonly RosterMember[],
  added: readonly string[],
  ranks: Readonly<Record<string, number | null>>,
  nameOf: (playerId: string) => string,
): RuleCheck {
  if (added.length === 0) return null;
  const ranked = (limit: number) => members.filter((m) => inTop(ranks[m.playerId], limit));
  const top150 = ranked(TOP_150);
  if (top150.length > TOP_150_CAP) {
    return refusal('R-II.B.1.2', `At most ${TOP_150_CAP} player in the IFPA top ${TOP_150} may be on a roster when someone joins; this roster would have ${top150.length} (${list(top150, ranks, nameOf)}).`, 'RANKING_CAP');
  }
  const top500 = ranked(TOP_500);
  if (top500.length > TOP_500_CAP) {
    return refusal('R-II.B.1.1', `At most ${TOP_500_CAP} players in the IFPA top ${TOP_500} may be on a roster when someone joins; this roster would have ${top500.length} (${list(top500, ranks, nameOf)}).`, 'RANKING_CAP');
  }
  return null;
}

const list = (members: readonly RosterMember[], ranks: Readonly<Record<string, number | null>>, nameOf: (id: string) => string) =>
  members.map((m) => `${nameOf(m.playerId)} #${ranks[m.playerId]}`).join(', ');
