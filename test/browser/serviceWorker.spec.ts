import { expect, test } from '@playwright/test';
import { matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * The service worker (client/src/sw/sw.ts): a captain who reloads the scoresheet in a dead spot of the bar still
 * gets the app, with the last match state the phone saw and the commands it has not sent yet; they go out, once
 * each, when the connection returns. Match data itself never comes from the worker's cache.
 */
test('reloading offline opens the app with the last state and the outbox; the score arrives exactly once when back online', async ({ browser, request }) => {
  const evening = await Evening.atRoundOneGames(request);
  const { links } = evening;

  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  const page = home.page;
  await home.tab('Play');
  await expect(home.game(1, 1).getByTestId('up')).toContainText('P1 Alice Ballsave');
  // The worker took over the page, and the phone saved the match state it was sent.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  await page.waitForFunction((id) => (JSON.parse(localStorage.getItem(`ln:state:${id}`) ?? '{}') as { rounds?: { declarations: { HOME: unknown } }[] }).rounds?.[0]?.declarations.HOME, links.matchId, { timeout: 10_000 });

  await home.context.setOffline(true);
  await expect(page.getByTestId('connection')).toContainText('Offline');
  // The worker's own requests are offline too (a file it does not keep cannot be fetched), so what the reload shows
  // below came from its cache, not from the server behind an offline page.
  const probe = await page.evaluate(() => fetch('/manifest.webmanifest?not-kept').then(() => 'fetched', () => 'failed'));
  expect(probe).toBe('failed');
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('connection')).toContainText('Offline');
  await home.tab('Play');
  await expect(home.game(1, 1).getByTestId('up')).toContainText('P1 Alice Ballsave');

  await home.enterScore(1, 1, 'Alice Ballsave', '42000000');
  await expect(page.getByTestId('waiting')).toHaveText('1 change waiting');
  // Reloaded again, still offline: the command waits in the outbox, shown as not sent.
  await page.reload();
  await expect(page.getByTestId('waiting')).toHaveText('1 change waiting');
  await home.tab('Play');
  await expect(home.game(1, 1).getByText('not sent yet')).toHaveCount(1);
  await home.capture('sw-offline-reload-outbox');
  expect((await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'ScoreEntered')).toHaveLength(0);

  await home.context.setOffline(false);
  await expect(page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  await expect(page.getByTestId('waiting')).toHaveCount(0, { timeout: 10_000 });
  await expect(fan.game(1, 1)).toContainText('42,000,000');
  const scores = (await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'ScoreEntered');
  expect(scores.map((e) => [e.event.playerId, e.event.points])).toEqual([['hawks-1', 42_000_000]]);
  await expect(home.game(1, 1).getByTestId('score')).toHaveText(['42,000,000']);

  // Only the app's own files are kept: no API answer, no socket traffic.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(kept).toContain('/index.html');
  expect(kept.filter((u) => /^\/(api|socket\.io)\//.test(u))).toEqual([]);

  evening.close();
  await home.close();
  await fan.close();
});
