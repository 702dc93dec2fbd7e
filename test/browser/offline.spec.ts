import { expect, test } from '@playwright/test';
import { matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * Flaky bar wifi: scores entered while the phone is offline wait in its outbox with their ids, the connection
 * indicator says so, and when the network is back they go out in order and are stored exactly once.
 */
test('a captain offline while entering two scores: both arrive exactly once, in order, when the phone is back', async ({ browser, request }) => {
  const evening = await Evening.atRoundOneGames(request);
  const { links } = evening;

  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  await home.tab('Play');
  await expect(home.game(1, 1).getByTestId('up')).toContainText('P1 Alice Ballsave');

  await home.goOffline();
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

/**
 * A phone that lost the network before it had fetched the score keypad (it is loaded when first needed, and
 * prefetched 1.5 s after the page shows) says so when the captain taps "Enter score", instead of doing nothing.
 */
test('a captain offline before the keypad was fetched is told why it does not open, and it opens once the phone is back', async ({ browser, request }) => {
  const evening = await Evening.atRoundOneGames(request);
  const { links } = evening;

  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  // The keypad's file cannot be fetched at all: the same as a phone whose network went before the prefetch.
  await home.page.route(/ScoreKeypad[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
  await home.tab('Play');
  await home.game(1, 1).getByRole('button', { name: 'Enter score for Alice Ballsave' }).click();
  const alert = home.page.getByRole('alert').filter({ hasText: 'score keypad' });
  await expect(alert).toContainText('Reconnect, then try again');
  await expect(home.page.getByRole('dialog')).toHaveCount(0);
  await home.capture('101-keypad-not-fetched-offline');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  // Back online, the same tap opens the keypad: a failed fetch is tried again, not remembered.
  await home.page.unroute(/ScoreKeypad[^/]*\.js$/);
  await home.enterScore(1, 1, 'Alice Ballsave', '42000000');
  await expect(home.game(1, 1)).toContainText('42,000,000');

  evening.close();
  await home.close();
});
