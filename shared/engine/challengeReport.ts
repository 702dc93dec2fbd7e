import { MAX_PHOTOS_PER_CHALLENGE, type PayloadOf } from '../commands';
import type { Side } from '../league';
import type { Challenge, MatchState } from '../state';
import { type Ctx, newId } from './context';
import { accept, type Decision, refuse } from './refusal';

/**
 * R-VII.D.3.4: after a challenge, the challenging team sends the league a full report, with a photo of the
 * scoresheet if it can; the league official may add photos to it. A photo's bytes were stored by the server before
 * the engine is asked (it only sees their reference), so an accepted attachment never points at nothing.
 *
 * What closes a report is the challenge itself, not the scoresheet: the report is due after the evening (hours after
 * both teams may have signed), so a match signed or decided as a whole still takes it. A withdrawn challenge has no
 * report; once the league has ruled, only the league adds to the record. A late report is taken like any other:
 * OQ-36 leaves lateness to the official (views/outcome.ts, overdueChallenges).
 */
function openReport(state: MatchState, by: Side | 'LEAGUE', challengeId: string): Challenge | Decision {
  const c = state.challenges.find((x) => x.id === challengeId);
  if (!c) return refuse('R-VII.D.3.4', 'There is no challenge with that id: a report goes with a challenge.', 'NO_SUCH_CHALLENGE');
  if (by !== 'LEAGUE' && c.by !== by) {
    return refuse('R-VII.D.3.4', `The report on this challenge is ${c.by}'s to send: the team that challenged reports to the league.`, 'NOT_YOURS');
  }
  if (c.status === 'WITHDRAWN') return refuse('R-VII.D.3.4', 'This challenge was withdrawn: there is no report to send.', 'CHALLENGE_CLOSED');
  if (c.status === 'RULED' && by !== 'LEAGUE') {
    return refuse('R-VII.D.3.4', 'The league has already ruled on this challenge: its report is closed.', 'CHALLENGE_CLOSED');
  }
  return c;
}

const isDecision = (x: Challenge | Decision): x is Decision => 'ok' in x;

export function attachChallengePhoto(state: MatchState, at: number, by: Side | 'LEAGUE', p: PayloadOf<'attachChallengePhoto'>): Decision {
  const c = openReport(state, by, p.challengeId);
  if (isDecision(c)) return c;
  const photos = c.photos ?? [];
  if (photos.some((x) => x.sha256 === p.photo.sha256)) return refuse('R-VII.D.3.4', 'This photo is already attached to the challenge.', 'ALREADY_DONE');
  if (photos.length >= MAX_PHOTOS_PER_CHALLENGE) {
    return refuse('R-VII.D.3.4', `A challenge's report takes at most ${MAX_PHOTOS_PER_CHALLENGE} photos.`, 'TOO_MANY_PHOTOS');
  }
  return accept({ type: 'ChallengePhotoAttached', at, by, challengeId: c.id, photo: { id: newId(state, 'F'), ...p.photo } });
}

/** The report's text, from the challenging team's captain; writing it again replaces it (the log keeps both). */
export function writeChallengeReport(ctx: Ctx, p: PayloadOf<'writeChallengeReport'>): Decision {
  const c = openReport(ctx.state, ctx.side, p.challengeId);
  if (isDecision(c)) return c;
  if (c.report?.text === p.text) return refuse('R-VII.D.3.4', 'The report already says exactly this.', 'ALREADY_DONE');
  return accept({ type: 'ChallengeReportWritten', at: ctx.at, by: ctx.side, challengeId: c.id, text: p.text });
}
