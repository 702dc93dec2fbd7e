import { describe, expect, it } from 'vitest';
import { CommandSchema, MAX_PHOTOS_PER_CHALLENGE, overdueChallenges, reportSentInTime, type PhotoRef, type ServerCommand } from '../../../shared';
import { at, AWAY, HOME } from '../harness';
import { playRound, reachRound } from '../play';

/** R-VII.D.3.4: the challenge report's photos, as the server hands them to the engine after storing the bytes. */

const OFFICIAL = { role: 'commissioner' } as const;
const SPECTATOR = { role: 'spectator' } as const;
const HOUR = 3_600_000;

const photo = (n: number): PhotoRef => ({ contentType: 'image/jpeg', bytes: 1000 + n, sha256: n.toString(16).padStart(64, '0') });
const attach = (challengeId: string, n = 1): ServerCommand => ({ type: 'attachChallengePhoto', payload: { challengeId, photo: photo(n) } });

/** HOME challenges round 3 game 4 at 21:40 (round 4 not declared yet). */
function challenged() {
  const m = reachRound(4);
  m.clock = at('21:40');
  m.ok(HOME, { type: 'challengeGame', payload: { round: 3, game: 4, reason: 'A4 nudged the machine so hard it moved' } });
  return { m, id: m.state.challenges.at(-1)!.id };
}

describe('R-VII.D.3.4: photos for the challenge report', () => {
  it('R-VII.D.3.4: the challenging captain attaches a photo; the challenge carries it with who and when', () => {
    const { m, id } = challenged();
    m.clock = at('22:05');
    const [event] = m.ok(HOME, attach(id));
    expect(event).toEqual({ type: 'ChallengePhotoAttached', at: at('22:05'), by: HOME, challengeId: id, photo: { id: expect.stringMatching(/^F\d+$/), ...photo(1) } });
    expect(m.state.challenges[0]!.photos).toEqual([{ ...photo(1), id: (event as { photo: { id: string } }).photo.id, by: HOME, at: at('22:05') }]);
    m.ok(HOME, attach(id, 2));
    expect(m.state.challenges[0]!.photos!.map((p) => p.sha256)).toEqual([photo(1).sha256, photo(2).sha256]);
    // ids are the engine's own, so every replica names them alike, and distinct
    expect(new Set(m.state.challenges[0]!.photos!.map((p) => p.id)).size).toBe(2);
  });

  it('R-VII.D.3.4: the other team, a spectator, or an unknown challenge is refused, naming the rule', () => {
    const { m, id } = challenged();
    expect(m.no(AWAY, attach(id))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'NOT_YOURS' });
    expect(m.no(SPECTATOR, attach(id))).toMatchObject({ rule: 'MR-1', code: 'FORBIDDEN' });
    expect(m.no(HOME, attach('C999'))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'NO_SUCH_CHALLENGE' });
  });

  it('R-VII.D.3.4: without a challenge there is nothing to attach to', () => {
    const m = reachRound(2);
    expect(m.no(HOME, attach('C1'))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'NO_SUCH_CHALLENGE' });
  });

  it('R-VII.D.3.4: a withdrawn challenge takes no report; a ruled one only from the league', () => {
    const { m, id } = challenged();
    m.ok(HOME, { type: 'withdrawChallenge', payload: { challengeId: id } });
    expect(m.no(HOME, attach(id))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'CHALLENGE_CLOSED' });
    expect(m.no(OFFICIAL, attach(id))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'CHALLENGE_CLOSED' });

    const ruled = challenged();
    ruled.m.ok(OFFICIAL, { type: 'ruleOnChallenge', payload: { challengeId: ruled.id, ruling: 'the game stands' } });
    expect(ruled.m.no(HOME, attach(ruled.id))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'CHALLENGE_CLOSED' });
    ruled.m.ok(OFFICIAL, attach(ruled.id));
    expect(ruled.m.state.challenges[0]!.photos![0]!.by).toBe('LEAGUE');
  });

  it('R-VII.D.3.4: the league official may add a photo to an open challenge of either team', () => {
    const { m, id } = challenged();
    m.ok(OFFICIAL, attach(id, 3));
    expect(m.state.challenges[0]!.photos).toHaveLength(1);
  });

  it('R-VII.D.3.4: the same photo twice is refused, and a report takes a bounded number of photos', () => {
    const { m, id } = challenged();
    m.ok(HOME, attach(id, 1));
    expect(m.no(HOME, attach(id, 1))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'ALREADY_DONE' });
    for (let n = 2; n <= MAX_PHOTOS_PER_CHALLENGE; n++) m.ok(HOME, attach(id, n));
    expect(m.no(HOME, attach(id, 99))).toMatchObject({ rule: 'R-VII.D.3.4', code: 'TOO_MANY_PHOTOS' });
  });

  it('R-VII.D.3.4: the report still goes to the league after the other team signed (the match is pending a ruling)', () => {
    const { m, id } = challenged();
    playRound(m, 4, [AWAY, AWAY, AWAY, AWAY]);
    m.ok(AWAY, { type: 'signOff', payload: {} });
    m.ok(HOME, attach(id), at('23:30'));
    expect(m.state.signoffs.AWAY).not.toBeNull(); // attaching a photo changes no score: the signature stands (MR-5)
  });

  it('R-VII.D.3.4: a phone cannot attach a photo itself: the socket schema does not know the command', () => {
    expect(CommandSchema.safeParse(attach('C1')).success).toBe(false);
  });

  it('R-VII.D.3.4: the challenging captain writes the report; writing it again replaces it; the other team cannot', () => {
    const { m, id } = challenged();
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: '  A4 shook the machine during ball 3.  ' } }, at('22:30'));
    expect(m.state.challenges[0]!.report).toEqual({ text: 'A4 shook the machine during ball 3.', by: HOME, at: at('22:30'), firstSentAt: at('22:30') });
    expect(m.no(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'A4 shook the machine during ball 3.' } })).toMatchObject({ rule: 'R-VII.D.3.4', code: 'ALREADY_DONE' });
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'A4 shook the machine twice during ball 3.' } }, at('22:40'));
    expect(m.state.challenges[0]!.report?.text).toBe('A4 shook the machine twice during ball 3.');
    expect(m.no(AWAY, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'It was fine.' } })).toMatchObject({ rule: 'R-VII.D.3.4', code: 'NOT_YOURS' });
    expect(m.no(OFFICIAL, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'x' } })).toMatchObject({ rule: 'MR-1', code: 'FORBIDDEN' });
    m.ok(HOME, { type: 'withdrawChallenge', payload: { challengeId: id } });
    expect(m.no(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'more' } })).toMatchObject({ rule: 'R-VII.D.3.4', code: 'CHALLENGE_CLOSED' });
  });

  it('OQ-36: a written report by the due time also counts as sent', () => {
    const due = at('21:40') + 24 * HOUR;
    const { m, id } = challenged();
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'The full story.' } }, due - HOUR);
    expect(overdueChallenges(m.state, due + HOUR)).toEqual([]);
  });

  it('R-VII.D.3.4, OQ-36: a report first sent in time and rewritten after its due time still counts as sent in time', () => {
    const due = at('21:40') + 24 * HOUR;
    const { m, id } = challenged();
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'The full story.' } }, due - HOUR);
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'The full story, with the names.' } }, due + HOUR);
    // the text shown is the last one, with its own time; the report was sent when the first text reached the league
    expect(m.state.challenges[0]!.report).toEqual({ text: 'The full story, with the names.', by: HOME, at: due + HOUR, firstSentAt: due - HOUR });
    expect(reportSentInTime(m.state.challenges[0]!)).toBe(true);
    expect(overdueChallenges(m.state, due + 2 * HOUR)).toEqual([]);
  });

  it('R-VII.D.3.4, OQ-36: a report first sent after its due time counts as late, rewritten or not', () => {
    const due = at('21:40') + 24 * HOUR;
    const { m, id } = challenged();
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'Sorry, late.' } }, due + HOUR);
    expect(reportSentInTime(m.state.challenges[0]!)).toBe(false);
    expect(overdueChallenges(m.state, due + 2 * HOUR)).toEqual([id]);
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'Sorry, late: the full story.' } }, due + 2 * HOUR);
    expect(m.state.challenges[0]!.report?.firstSentAt).toBe(due + HOUR);
    expect(overdueChallenges(m.state, due + 3 * HOUR)).toEqual([id]);
    expect(m.state.challenges[0]!.status).toBe('OPEN'); // flagged only: the official decides (OQ-36)
  });

  it('R-VII.D.3.4, OQ-36: a report stored before firstSentAt existed counts from its own time, and a rewrite keeps that time', () => {
    const due = at('21:40') + 24 * HOUR;
    const { m, id } = challenged();
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'The full story.' } }, due - HOUR);
    // the state as an older server stored it (a snapshot checkpoint): the report without firstSentAt
    const stored = JSON.parse(JSON.stringify(m.state)) as typeof m.state;
    delete stored.challenges[0]!.report!.firstSentAt;
    m.state = stored;
    expect(reportSentInTime(m.state.challenges[0]!)).toBe(true);
    m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: id, text: 'The full story, with the names.' } }, due + HOUR);
    expect(m.state.challenges[0]!.report?.firstSentAt).toBe(due - HOUR);
    expect(overdueChallenges(m.state, due + 2 * HOUR)).toEqual([]);

    const late = challenged();
    late.m.ok(HOME, { type: 'writeChallengeReport', payload: { challengeId: late.id, text: 'Sorry, late.' } }, due + HOUR);
    const lateStored = JSON.parse(JSON.stringify(late.m.state)) as typeof late.m.state;
    delete lateStored.challenges[0]!.report!.firstSentAt;
    expect(overdueChallenges(lateStored, due + 2 * HOUR)).toEqual([late.id]);
  });

  it('OQ-36: a photo attached by the due time means the report was sent; a later one is taken but the challenge stays overdue', () => {
    const due = at('21:40') + 24 * HOUR;
    const inTime = challenged();
    inTime.m.ok(HOME, attach(inTime.id), due);
    expect(reportSentInTime(inTime.m.state.challenges[0]!)).toBe(true);
    expect(overdueChallenges(inTime.m.state, due + HOUR)).toEqual([]);

    const late = challenged();
    late.m.ok(HOME, attach(late.id), due + HOUR);
    expect(reportSentInTime(late.m.state.challenges[0]!)).toBe(false);
    expect(overdueChallenges(late.m.state, due + 2 * HOUR)).toEqual([late.id]);
    expect(late.m.state.challenges[0]!.status).toBe('OPEN'); // nothing decided automatically
  });
});
