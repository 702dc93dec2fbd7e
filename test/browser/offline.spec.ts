import { expect, test } from '@playwright/test';
import { createMatch, matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * Flaky bar wifi: scores entered while the phone is offline wait in its outbox with their ids, the connection
 * indicator says so, and when the network is back they go out in order and are stored exactly once.
 */
test('a captain offline while entering two scores: both arrive exactly once, in order, when the phone is back', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  await evening.declare(1);
  await evening.orders(1);

  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  await home.tab('Play');
  await expect(home.game(1, 1).getByTestId('up')).toContainText('P1 Alice Ballsave');

  await home.context.setOffline(true);
  await expect(home.page.getByTestId('connection')).toContainText('Offline');
  await home.enterScore(1, 1, 'Alice Ballsave', '42000000');
  await home.enterScore(1, 1, 'Bo Multiball', '52130000');
  // Shown at once on the phone, marked as not sent; nothing reached the server.
  await expect(home.page.getByTestId('waiting')).toHaveText('2 changes waiting');
  await expect(home.game(1, 1).getByText('not sent yet')).toHaveCount(2);
  await expect(home.game(1, 1)).toContainText('52,130,000');
  await home.capture('offline-two-changes-waiting');
  expect((await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'ScoreEntered')).toHaveLength(0);
  await expect(fan.game(1, 1)).not.toContainText('42,000,000');

  await home.context.setOffline(false);
  await expect(home.page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  await expect(home.page.getByTestId('waiting')).toHaveCount(0, { timeout: 10_000 });
  await expect(fan.game(1, 1)).toContainText('52,130,000');

  const scores = (await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'ScoreEntered');
  expect(scores.map((e) => [e.event.playerId, e.event.points])).toEqual([
    ['hawks-1', 42_000_000],
    ['hawks-2', 52_130_000],
  ]);
  // The phone shows the server's entries now (no "not sent" left), each once.
  await expect(home.game(1, 1).getByText('not sent yet')).toHaveCount(0);
  await expect(home.game(1, 1).getByTestId('score')).toHaveText(['42,000,000', '52,130,000']);

  evening.close();
  await home.close();
  await fan.close();
});
