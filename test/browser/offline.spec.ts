import { expect, test } from '@playwright/test';
import { createMatch, matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/** Lazily loaded parts of the match page (client/src/match/lazy.ts), by their built file names. */
const KEYPAD = /ScoreKeypad[^/]*\.js$/;
const DECLARE_FORM = /DeclareForm[^/]*\.js$/;
const SHEET_SCREEN = /SheetScreen[^/]*\.js$/;

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

  // The keypad's file cannot be fetched: the phone's network went before the prefetch.
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME', { unreachable: KEYPAD });
  await home.tab('Play');
  await home.context.setOffline(true);
  await expect(home.page.getByTestId('connection')).toContainText('Offline');
  await home.game(1, 1).getByRole('button', { name: 'Enter score for Alice Ballsave' }).click();
  const alert = home.page.getByRole('alert').filter({ hasText: 'score keypad' });
  await expect(alert).toContainText('The score keypad is not on this phone yet, and there is no connection. Reconnect, then try again.');
  await expect(alert.getByRole('button', { name: 'Reload' })).toHaveCount(0);
  await expect(home.page.getByRole('dialog')).toHaveCount(0);
  await home.capture('101-keypad-not-fetched-offline');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  // Back online, the same tap opens the keypad: a failed fetch is tried again, not remembered.
  await home.context.setOffline(false);
  await home.context.unroute(KEYPAD);
  await expect(home.page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  await home.enterScore(1, 1, 'Alice Ballsave', '42000000');
  await expect(home.game(1, 1)).toContainText('42,000,000');
  await expect.poll(async () => (await matchEvents(request, links.matchId)).filter((e) => e.event.type === 'ScoreEntered').length).toBe(1);

  evening.close();
  await home.close();
});

/**
 * Every part of the scoresheet loaded on demand says so when it cannot be fetched (ui/LazyPart.svelte), here the
 * lineup form of the first declaring team on a phone that is online, and "Try again" fetches it again: the captain
 * is never left looking at a round with no form and no reason.
 */
test('a lineup form that could not be fetched says so, and "Try again" brings it once it can be', async ({ browser, request }) => {
  const evening = await Evening.start(request, await createMatch(request));
  await evening.arrive();
  const { links } = evening;

  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY', { unreachable: DECLARE_FORM });
  await away.tab('Play');
  // Online, yet the file does not come (a new version of the app replaced it): try again, or reload.
  const alert = away.page.getByRole('alert').filter({ hasText: 'lineup form' });
  await expect(alert).toContainText('The lineup form did not load. Try again, or reload the page.');
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(away.page.getByRole('group', { name: 'Game 1 machine' })).toHaveCount(0);
  await away.capture('102-lineup-form-not-fetched');
  // Still cut off: "Try again" fetches once more (not a remembered failure) and says the same.
  const tries = away.blocked;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => away.blocked).toBeGreaterThan(tries);
  await expect(alert).toContainText('did not load');

  await away.context.unroute(DECLARE_FORM);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveCount(0);
  await away.declare(1, [{ machine: 'Comet Quest', players: ['Ivy Jackpot', 'Jo Nudge'] }, { machine: 'Twin Rockets', players: ['Kai Ramp', 'Lu Orbit'] }]);
  await expect.poll(async () => (await evening.state()).rounds[0]?.declarations.AWAY?.games.map((g) => g.machineId)).toEqual(['comet-quest', 'twin-rockets']);

  evening.close();
  await away.close();
});

/** A whole screen of the match page goes through the same LazyPart: it says so, and "Try again" brings it. */
test('a screen that could not be fetched says so, and "Try again" brings it once it can be', async ({ browser, request }) => {
  const evening = await Evening.start(request, await createMatch(request));
  const { links } = evening;

  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME', { unreachable: SHEET_SCREEN });
  await home.tab('Sheet');
  const alert = home.page.getByRole('alert').filter({ hasText: 'screen' });
  await expect(alert).toContainText('The screen did not load. Try again, or reload the page.');
  await expect(home.page.getByRole('heading', { name: 'Result' })).toHaveCount(0);

  await home.context.unroute(SHEET_SCREEN);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(home.page.getByRole('heading', { name: 'Result' })).toBeVisible();

  evening.close();
  await home.close();
});
