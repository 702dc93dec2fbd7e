import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { startInProcess } from '../helpers/inProcessServer';
import { createMatch, fullMatchSteps, play } from '../helpers/matchScript';
import { RoomClient } from '../helpers/roomClient';
import { ADMIN_TOKEN, removeTempDirs, tempDir } from '../helpers/serverProcess';
import { testPng } from '../helpers/testPng';

/** R-VII.D.3.4 on the embedded store (no Redis): a report photo survives a restart of the server. */

afterAll(() => removeTempDirs());

it('R-VII.D.3.4: a photo attached on the embedded store is served again after a restart', async () => {
  const dataDir = tempDir('photos-embedded');
  const first = await startInProcess({ DATA_DIR: dataDir });
  const match = await createMatch(first.url, 'photo-embedded');
  const clients = await Promise.all((['HOME', 'AWAY'] as const).map((side) => RoomClient.connect({ url: first.url, matchId: match.matchId, token: match.tokens[side] })));
  const [home, away] = clients as [RoomClient, RoomClient];
  const steps = fullMatchSteps();
  const acked = { version: 0 };
  await play({ HOME: home, AWAY: away }, steps.slice(0, steps.findIndex((s) => typeof s.command !== 'function' && s.command.type === 'setPlayOrder')), acked);
  expect(await away.send({ type: 'challengeGame', payload: { round: 1, game: 2, reason: 'wrong player at the machine' } })).toMatchObject({ status: 'accepted' });
  await away.untilVersion(acked.version + 1);
  const challengeId = away.state!.challenges[0]!.id;

  const png = testPng();
  const res = await fetch(`${first.url}/api/matches/${match.matchId}/challenges/${challengeId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${match.tokens.AWAY}`, 'content-type': 'image/png', 'x-command-id': randomUUID() },
    body: new Uint8Array(png),
  });
  expect(res.status).toBe(201);
  await home.untilVersion(acked.version + 2);
  const photoId = home.state!.challenges[0]!.photos![0]!.id;
  for (const c of clients) c.close();
  await first.close();

  const second = await startInProcess({ DATA_DIR: dataDir });
  try {
    const served = await fetch(`${second.url}/api/matches/${match.matchId}/photos/${photoId}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  } finally {
    await second.close();
  }
}, 60_000);
