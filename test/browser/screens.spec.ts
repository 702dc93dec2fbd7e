import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl, createMatch } from './matches';
import { axeClean, Phone, phoneFriendly } from './phone';
import { Evening } from './script';

/**
 * Every screen of the phone client at 390 x 844, with an axe check (no serious or critical violations) and a
 * screenshot saved under test-results/screens/ for a person to look at. The captain bots bring each match to the
 * point a screen needs; the phones only look and tap.
 */

test('before the match: landing page, attendance and countdown, spectator view, share screen', async ({ browser, page, request }) => {
  mkdirSync('test-results/screens', { recursive: true });
  await page.goto(baseUrl() + '/');
  await expect(page.getByRole('heading', { name: 'League Night' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/00-landing.png' });
  await phoneFriendly(page, 'landing');
  await axeClean(page, 'landing');

  const links = await createMatch(request, { scheduledStart: Date.now() + 10 * 60_000 });
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  await expect(home.page.getByTestId('window')).toContainText('Starts in');
  await home.page.getByRole('button', { name: 'Alice Ballsave arrived' }).click();
  await home.page.getByRole('button', { name: 'Bo Multiball arrived' }).click();
  await home.capture('01-attendance-countdown');
  await home.page.getByTestId('attendance-HOME').scrollIntoViewIfNeeded();
  await home.capture('02-attendance-players');
  await home.page.getByRole('button', { name: 'Change arrival time of Alice Ballsave' }).click();
  await home.capture('03-attendance-arrival-time');
  await home.page.getByRole('heading', { name: 'Match settings' }).scrollIntoViewIfNeeded();
  await home.capture('04-match-settings-machines');

  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  await expect(fan.page.getByTestId('present-HOME')).toHaveText('2 here');
  await fan.capture('05-spectator-before-start');

  await home.tab('Share');
  await expect(home.page.getByTestId('qr').locator('svg')).toBeVisible();
  await expect(home.page.getByTestId('spectator-link')).toHaveText(`${baseUrl()}/m/${links.matchId}`);
  await home.capture('06-share-qr');
  await home.close();
  await fan.close();
});

test('a round: declaration, play order, game cards of every machine kind, keypad, confirmations, incident, history, sheet', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');

  // AWAY declares first: machines and players, with what the engine allows shown on each chip.
  await away.tab('Play');
  await away.page.getByRole('group', { name: 'Game 1 machine' }).getByRole('button', { name: /^Comet Quest/ }).click();
  await away.page.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: /^Ivy Jackpot/ }).click();
  await away.page.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: /^Jo Nudge/ }).click();
  await away.page.getByRole('group', { name: 'Game 2 machine' }).getByRole('button', { name: /^Twin Rockets/ }).click();
  await away.page.getByRole('group', { name: 'Game 2 players' }).getByRole('button', { name: /^Kai Ramp/ }).click();
  await away.page.getByRole('region', { name: 'Game 1' }).scrollIntoViewIfNeeded();
  await away.capture('10-declare-first-declarer');
  // The team's other captain phone sees the draft (MR-6); the other team does not.
  await away.page.getByRole('group', { name: 'Game 2 players' }).getByRole('button', { name: /^Lu Orbit/ }).click();
  await away.page.getByRole('button', { name: 'Declare round 1' }).click();
  await expect(home.page.getByRole('heading', { name: 'Answer round 1' })).toBeVisible({ timeout: 10_000 }).catch(() => undefined);
  await home.tab('Play');
  await expect(home.page.getByRole('region', { name: 'Game 1' })).toContainText('Against Ivy Jackpot & Jo Nudge');
  await home.capture('11-declare-answer');

  await evening.declare(1, 'both').catch(() => undefined); // AWAY already declared: only HOME's answer is new
  await evening.home.send({ type: 'declareLineup', payload: { round: 1, games: [{ players: ['hawks-1', 'hawks-2'] }, { players: ['hawks-3', 'hawks-4'] }] } }).catch(() => undefined);
  await expect(home.game(1, 1)).toBeVisible();
  await home.capture('12-games-play-order');
  await home.game(1, 2).scrollIntoViewIfNeeded();
  await home.capture('13-game-two-player-machine');

  await evening.orders(1);
  await evening.away.send({ type: 'enterScore', payload: { round: 1, game: 1, playerId: 'aces-1', points: 31_450_220, segment: 1 } });
  await evening.away.send({ type: 'enterScore', payload: { round: 1, game: 1, playerId: 'aces-2', points: 12_000_000, segment: 1 } });
  await expect(home.game(1, 1).getByRole('button', { name: /^✓ Confirm all 2/ })).toBeVisible();
  await home.game(1, 1).scrollIntoViewIfNeeded();
  await home.capture('14-game-confirm-entries');

  await home.game(1, 1).getByRole('button', { name: 'Enter score for Alice Ballsave' }).click();
  for (const k of ['4', '2', '000', '000', '000']) await home.page.getByRole('dialog').getByRole('button', { name: k, exact: true }).click();
  await expect(home.page.getByRole('dialog')).toContainText('check the digits');
  await home.capture('15-keypad-absurd-warning');
  await home.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await home.enterScore(1, 1, 'Alice Ballsave', '42000000');

  await home.game(1, 1).getByRole('button', { name: '⚑ Incident' }).click();
  await home.page.getByLabel('What happened').selectOption('SLAM_TILT');
  await home.page.getByRole('dialog').getByRole('button', { name: 'AWAY', exact: true }).click();
  await home.page.getByLabel('Player', { exact: true }).selectOption({ label: 'Jo Nudge' });
  await home.capture('16-incident-form');
  await home.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await home.game(1, 1).getByRole('button', { name: /^Dispute Ivy Jackpot/ }).click();
  await home.page.getByLabel('What is wrong (optional)').fill('Ivy had 31,405,220 on the display');
  await home.capture('17-dispute-entry');
  await home.page.getByRole('dialog').getByRole('button', { name: 'Dispute it' }).click();

  await fan.game(1, 1).scrollIntoViewIfNeeded();
  await expect(fan.game(1, 1)).toContainText('42,000,000');
  await fan.capture('18-spectator-live-round');

  // Round 1 finished, round 2 on a 4-player and a 1-player machine.
  await evening.confirmAll();
  await evening.away.send({ type: 'enterScore', payload: { round: 1, game: 1, playerId: 'aces-1', points: 31_405_220, segment: 1 } });
  await evening.home.send({ type: 'enterScore', payload: { round: 1, game: 1, playerId: 'hawks-2', points: 52_000_000, segment: 1 } });
  await evening.scores(1, 2, 'HOME', false);
  await evening.confirmAll();
  await evening.declare(2);
  await evening.orders(2);
  await evening.home.send({ type: 'enterScore', payload: { round: 2, game: 2, playerId: 'hawks-2', points: 8_760_000, segment: 1 } });
  await home.tab('Play');
  await home.game(2, 2).scrollIntoViewIfNeeded();
  await expect(home.game(2, 2)).toContainText('one player at a time');
  await home.capture('19-game-one-player-machine');

  await home.tab('History');
  await expect(home.page.getByTestId('history')).toContainText('Changed Ivy Jackpot');
  await home.capture('20-history');
  await home.tab('Sheet');
  await home.capture('21-sheet');
  await home.tab('Players');
  await home.capture('22-players-during-match');

  evening.close();
  for (const p of [home, away, fan]) await p.close();
});

test('the end: tie-breaker, sign-off and challenge, spectator result, printable scoresheet', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.toEightAll();
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');

  // A challenge is possible until the tie-breaker starts (R-VII.D.2.1, OQ-18).
  await away.tab('Sheet');
  await away.page.getByRole('button', { name: 'Challenge a game…' }).click();
  await away.page.getByLabel('Game').selectOption({ label: 'Round 4 game 2' });
  await away.page.getByLabel('Why').fill('Bo played on after a slam tilt warning');
  await away.page.getByLabel('Why').scrollIntoViewIfNeeded();
  await away.capture('35-challenge-form');
  await away.page.getByRole('button', { name: 'Challenge', exact: true }).click();
  await expect(away.page.getByTestId('challenge')).toContainText('Challenged');
  await away.page.getByTestId('challenge').scrollIntoViewIfNeeded();
  await away.capture('36-challenged-report-due');
  await away.page.getByRole('button', { name: 'Withdraw challenge' }).click();
  await expect(away.page.getByTestId('challenge')).toContainText('Withdrawn');

  await home.tab('Play');
  await home.page.getByRole('group', { name: 'Tie-breaker format' }).getByRole('button', { name: /^Shared Game/ }).click();
  await home.page.getByRole('group', { name: 'Tie-breaker machine' }).getByRole('button', { name: 'Comet Quest' }).click();
  await home.page.getByRole('group', { name: 'Tie-breaker players' }).getByRole('button', { name: /^Alice Ballsave/ }).click();
  await home.capture('30-tiebreaker-choose');
  await away.tab('Play');
  await away.capture('31-tiebreaker-waiting');

  await evening.tiebreaker(false);
  await evening.home.send({ type: 'enterTiebreakerScore', payload: { side: 'HOME', points: 31_000_000 } });
  await away.tab('Play');
  await expect(away.page.getByRole('button', { name: /^Confirm HOME tie-breaker/ })).toBeVisible();
  await away.capture('32-tiebreaker-scores');
  await fan.capture('33-spectator-tiebreaker');

  await evening.away.send({ type: 'enterTiebreakerScore', payload: { side: 'AWAY', points: 27_500_000 } });
  await evening.confirmAll();
  await home.tab('Play');
  await expect(home.page.getByTestId('signoff').getByTestId('verdict')).toContainText('you can sign');
  await home.page.getByRole('button', { name: 'Sign for HOME' }).scrollIntoViewIfNeeded();
  await home.capture('34-sign-off');

  await home.sign();
  await away.sign();
  await expect(fan.page.getByTestId('stage')).toHaveText('HOME wins · signed');
  await fan.capture('37-spectator-final');

  await fan.page.goto(`${baseUrl()}/m/${links.matchId}/sheet`);
  await expect(fan.page.getByRole('heading', { level: 1 })).toContainText('Flipper Fiends');
  await fan.capture('38-printable-scoresheet');

  evening.close();
  for (const p of [home, away, fan]) await p.close();
});

/** The words of the team names on a phone's scoreline that the browser broke across two lines (none, we want). */
async function wordsBrokenInTeamNames(p: Phone): Promise<string[]> {
  return p.page.getByTestId('scoreline').locator('.name').evaluateAll((els) =>
    els.flatMap((el) => {
      const text = el.textContent ?? '';
      const range = document.createRange();
      // A word whose letters sit on two lines has boxes at two heights; a word cut with an ellipsis has one.
      return [...text.matchAll(/\S+/g)].filter((m) => {
        range.setStart(el.firstChild!, m.index);
        range.setEnd(el.firstChild!, m.index + m[0].length);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((m) => m[0]);
    }),
  );
}

test('team names on the scoreline wrap between words, never inside one, on the spectator\'s big scoreline too; the whole name stays available', async ({ browser, request }) => {
  // The names of every test match: "Tilt Warriors" used to break as "Tilt Warrior/s" on the spectator's phone.
  const usual = await createMatch(request);
  const fan1 = await Phone.open(browser, usual.spectatorLink, 'spectator');
  await expect(fan1.page.getByTestId('scoreline').getByTitle('Tilt Warriors')).toHaveText('Tilt Warriors');
  expect(await wordsBrokenInTeamNames(fan1)).toEqual([]);
  await fan1.close();

  const names = { HOME: 'The Extraordinary Flippermeisters of Ward Seven', AWAY: 'Tilt Warriors Reloaded' };
  const links = await createMatch(request, { teamNames: names });
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  for (const p of [fan, home]) {
    // The whole name stays available (title, and the text a screen reader reads), whatever the screen shows.
    for (const side of ['HOME', 'AWAY'] as const) await expect(p.page.getByTestId('scoreline').getByTitle(names[side])).toHaveText(names[side]);
    expect(await wordsBrokenInTeamNames(p), `${p.label}: words broken across lines`).toEqual([]);
  }
  await fan.capture('87-spectator-long-team-names');
  await home.capture('88-captain-long-team-names');
  await fan.close();
  await home.close();
});
