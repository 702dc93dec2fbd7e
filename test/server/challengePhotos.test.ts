import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../shared/index';
import { createMatch, fullMatchSteps, play, type CreatedMatch } from '../helpers/matchScript';
import { RoomClient } from '../helpers/roomClient';
import {
  ADMIN_TOKEN, afterAllStopServer, PROCESS_TEST_TIMEOUT, ServerProcess, SHARED_REDIS, sleep, uniquePrefix,
} from '../helpers/serverProcess';
import { testPng } from '../helpers/testPng';

/**
 * R-VII.D.3.4: photos for a challenge's report go over HTTP, are stored in Redis, and only then become an event the
 * whole room sees. One real server process on the shared Redis, real sockets, real fetch.
 */

const prefix = uniquePrefix('photos');
let server: ServerProcess;
let match: CreatedMatch;
const clients: RoomClient[] = [];
let home: RoomClient;
let away: RoomClient;
let spectator: RoomClient;
const acked = { version: 0 };
const png = testPng();

const connect = async (token?: string) => {
  const client = await RoomClient.connect({ url: server.url, matchId: match.matchId, ...(token ? { token } : {}) });
  clients.push(client);
  return client;
};

function upload(challengeId: string, options: { token?: string; type?: string; body?: Uint8Array; commandId?: string; url?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': options.type ?? 'image/png', 'x-command-id': options.commandId ?? randomUUID() };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  return fetch(`${options.url ?? server.url}/api/matches/${match.matchId}/challenges/${challengeId}/photos`, { method: 'POST', headers, body: new Uint8Array(options.body ?? png) });
}

const view = (photoId: string, token?: string) =>
  fetch(`${server.url}/api/matches/${match.matchId}/photos/${photoId}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

const matchVersion = async () => ((await (await fetch(`${server.url}/api/matches/${match.matchId}`)).json()) as { version: number }).version;

beforeAll(async () => {
  server = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix });
  match = await createMatch(server.url, 'photo-match');
  home = await connect(match.tokens.HOME);
  away = await connect(match.tokens.AWAY);
  spectator = await connect();
  // Up to round 1 declared by both teams: a game there can be challenged.
  const steps = fullMatchSteps();
  await play({ HOME: home, AWAY: away }, steps.slice(0, steps.findIndex((s) => typeof s.command !== 'function' && s.command.type === 'setPlayOrder')), acked);
}, PROCESS_TEST_TIMEOUT);

afterAllStopServer(prefix, clients, () => server);

describe('challenge report photos over HTTP (R-VII.D.3.4)', () => {
  let challengeId = '';

  it('R-VII.D.3.4: with no challenge there is nothing to attach to: refused with the rule, nothing stored', async () => {
    const res = await upload('C1', { token: match.tokens.HOME });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'REFUSED', rule: 'R-VII.D.3.4', code: 'NO_SUCH_CHALLENGE' });
    expect(await matchVersion()).toBe(acked.version);
  });

  it('R-VII.D.3.4: HOME challenges R1 G1; the report deadline is in the room', async () => {
    const reply = await home.send({ type: 'challengeGame', payload: { round: 1, game: 1, reason: 'the machine was not reset between players' } });
    expect(reply).toMatchObject({ status: 'accepted' });
    if (reply.status === 'accepted') acked.version = reply.version;
    await away.untilVersion(acked.version);
    challengeId = away.state!.challenges[0]!.id;
    expect(away.state!.challenges[0]!.reportDue).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it.each([
    ['no token', undefined, 401, 'UNAUTHORIZED'],
    ['a forged token', 'forged-token-AAAAAAAAAAAAAAAAAAAA', 403, 'FORBIDDEN'],
  ])('R-VII.D.3.4: an upload with %s is refused before its body is read', async (_what, token, status, error) => {
    const res = await upload(challengeId, token === undefined ? {} : { token });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
  });

  it("R-VII.D.3.4: the other team's captain cannot attach to HOME's report", async () => {
    const res = await upload(challengeId, { token: match.tokens.AWAY });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ rule: 'R-VII.D.3.4', code: 'NOT_YOURS' });
  });

  it('R-VII.D.3.4: a phone cannot attach a photo over the socket by naming a hash: the room does not know that command', async () => {
    const reply = await home.sendRaw({
      commandId: randomUUID(), matchId: match.matchId, expectedVersion: home.version, type: 'attachChallengePhoto',
      payload: { challengeId, photo: { contentType: 'image/png', bytes: 10, sha256: 'a'.repeat(64) } },
    });
    expect(reply).toMatchObject({ status: 'error', code: 'BAD_MESSAGE' });
    expect(await matchVersion()).toBe(acked.version);
  });

  it('R-VII.D.3.4: a file that is not a JPEG, PNG or WebP picture is refused (415), whatever it claims to be', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    expect((await upload(challengeId, { token: match.tokens.HOME, type: 'text/html', body: html })).status).toBe(415);
    const disguised = await upload(challengeId, { token: match.tokens.HOME, type: 'image/png', body: html });
    expect(disguised.status).toBe(415);
    expect(await disguised.json()).toMatchObject({ error: 'UNSUPPORTED_TYPE' });
    expect((await upload(challengeId, { token: match.tokens.HOME, type: 'image/jpeg', body: png })).status).toBe(415);
  });

  it('R-VII.D.3.4: a photo larger than the limit is refused (413) and changes nothing', async () => {
    const big = Buffer.concat([png, Buffer.alloc(MAX_PHOTO_BYTES)]);
    const res = await upload(challengeId, { token: match.tokens.HOME, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'TOO_LARGE' });
    expect(await matchVersion()).toBe(acked.version);
  });

  it('R-VII.D.3.4: the challenging captain attaches a photo: stored, then every phone of the room sees it; a retry is answered once', async () => {
    const commandId = randomUUID();
    const res = await upload(challengeId, { token: match.tokens.HOME, commandId });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { status: string; version: number; sha256: string };
    expect(body).toMatchObject({ status: 'accepted', version: acked.version + 1, sha256: createHash('sha256').update(png).digest('hex') });
    acked.version = body.version;
    for (const c of [home, away, spectator]) await c.untilVersion(acked.version);
    expect(spectator.state!.challenges[0]!.photos).toEqual([
      { id: expect.any(String), contentType: 'image/png', bytes: png.length, sha256: body.sha256, by: 'HOME', at: expect.any(Number) },
    ]);
    // the phone's retry after a lost reply: the first answer, nothing applied twice
    const again = await upload(challengeId, { token: match.tokens.HOME, commandId });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'accepted', version: acked.version, duplicate: true });
    expect(await matchVersion()).toBe(acked.version);
  });

  it('R-VII.D.3.4: the league official and both captains can view the photo; the public link cannot', async () => {
    const photoId = home.state!.challenges[0]!.photos![0]!.id;
    for (const token of [ADMIN_TOKEN, match.tokens.HOME, match.tokens.AWAY]) {
      const res = await view(photoId, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    }
    expect((await view(photoId)).status).toBe(401);
    expect((await view('F999', ADMIN_TOKEN)).status).toBe(404);
  });

  it('R-VII.D.3.4: the photo is durable: a new server process on the same Redis serves it', async () => {
    const photoId = home.state!.challenges[0]!.photos![0]!.id;
    const second = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix });
    try {
      const res = await fetch(`${second.url}/api/matches/${match.matchId}/photos/${photoId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    } finally {
      await second.stop();
    }
  }, PROCESS_TEST_TIMEOUT);

  it('R-VII.D.3.4: a captain link uploading faster than the limit is answered 429 with Retry-After and nothing stored; after the wait the same upload is taken', async () => {
    // A burst of 2, then one every 3 s (the production window is 15 s: the same setting, shortened).
    const limited = await ServerProcess.start({ redisUrl: SHARED_REDIS, prefix, env: { PHOTO_UPLOAD_BURST: '2', PHOTO_UPLOAD_PER_MINUTE: '20' } });
    try {
      const url = limited.url;
      for (const body of [testPng(30, 20), testPng(31, 20)]) {
        const res = await upload(challengeId, { token: match.tokens.HOME, body, url });
        expect(res.status).toBe(201);
        acked.version = ((await res.json()) as { version: number }).version;
      }
      const commandId = randomUUID();
      const third = testPng(32, 20);
      const refused = await upload(challengeId, { token: match.tokens.HOME, body: third, commandId, url });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3);
      // the shape of the route's other refusals
      expect(await refused.json()).toEqual({ error: 'RATE_LIMITED', message: expect.stringContaining('try again') });
      expect(await matchVersion()).toBe(acked.version);
      // the limit is per requester: the other captain's link is judged on its own (here by the engine, not by HOME's count)
      expect((await upload(challengeId, { token: match.tokens.AWAY, url })).status).toBe(409);

      await sleep(retryAfter * 1000);
      const taken = await upload(challengeId, { token: match.tokens.HOME, body: third, commandId, url });
      expect(taken.status).toBe(201);
      acked.version = ((await taken.json()) as { version: number }).version;
      await spectator.untilVersion(acked.version);
      expect(spectator.state!.challenges[0]!.photos).toHaveLength(4);
    } finally {
      await limited.stop();
    }
  }, PROCESS_TEST_TIMEOUT);
});
