import { MAX_PHOTOS_PER_CHALLENGE, type PayloadOf } from '../commands';
import type { Side } from '../league';
import type { MatchState } from '../state';
import { newId } from './context';
import { accept, type Decision, refuse } from './refusal';

/**
 * R-VII.D.3.4: after a challenge, the challenging team sends the league a full report, with a photo of the
 * scoresheet if it can; the league official may add to it. The photo's bytes were stored by the server before this
 * is asked (the engine only sees their reference), so an accepted attachment never points at nothing.
 *
 * What closes a report is the challenge itself, not the scoresheet: the report is due after the evening (hours after
 * both teams may have signed), so a match signed or decided as a whole still takes it. A withdrawn challenge has no
 * report; once the league has ruled, only the league adds to the record. A late report is taken as any other: OQ-36
 * leaves lateness to the official (views/outcome.ts, overdueChallenges).
 */
export function attachChallengePhoto(state: MatchState, at: number, by: Side | 'LEAGUE', p: PayloadOf<'attachChallengePhoto'>): Decision {
  const c = state.challenges.find((x) => x.id === p.challengeId);
  if (!c) return refuse('R-VII.D.3.4', 'There is no challenge with that id: a photo goes with the report on a challenge.', 'NO_SUCH_CHALLENGE');
  if (by !== 'LEAGUE' && c.by !== by) {
    return refuse('R-VII.D.3.4', `The report on this challenge is ${c.by}'s to send: the team that challenged reports to the league.`, 'NOT_YOURS');
  }
  if (c.status === 'WITHDRAWN') return refuse('R-VII.D.3.4', 'This challenge was withdrawn: there is no report to send.', 'CHALLENGE_CLOSED');
  if (c.status === 'RULED' && by !== 'LEAGUE') {
    return refuse('R-VII.D.3.4', 'The league has already ruled on this challenge: its report is closed.', 'CHALLENGE_CLOSED');
  }
  const photos = c.photos ?? [];
  if (photos.some((x) => x.sha256 === p.photo.sha256)) return refuse('R-VII.D.3.4', 'This photo is already attached to the challenge.', 'ALREADY_DONE');
  if (photos.length >= MAX_PHOTOS_PER_CHALLENGE) {
    return refuse('R-VII.D.3.4', `A challenge's report takes at most ${MAX_PHOTOS_PER_CHALLENGE} photos.`, 'TOO_MANY_PHOTOS');
  }
  return accept({ type: 'ChallengePhotoAttached', at, by, challengeId: c.id, photo: { id: newId(state, 'F'), ...p.photo } });
}
