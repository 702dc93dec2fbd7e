import { expect, test } from '@playwright/test';
import { createMatch, matchEvents } from './matches';
import { Phone } from './phone';

/**
 * A whole match played through the phones' screens, as two captains at the machines and a teammate following
 * at the bar would (R-III.0.1: four rounds; R-III.G: a tie-breaker at 8-8; MR-5: both signatures). After every
 * captain's step the spectator's phone must show it without a reload, within two seconds. The product's promise is
 * far tighter (command to every spectator: p99 ~20 ms in `npm run bench`); this budget is the CI machine's: two
 * workers run six Chromium pages and two servers on 2 cores, and one step of a CI run took over a second to render
 * on the spectator's page (30 Nov, 03:22) while 4 of 4 repeats on an idle machine passed.
 */
const SOON = { timeout: 2000 };

test('two captains play a whole match with a tie-breaker; the spectator sees every step within two seconds', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const links = await createMatch(request);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  const seen = fan.page;
  await expect(home.page.getByTestId('connection')).toContainText('HOME');
  await expect(seen.getByTestId('connection')).toContainText('Following');

  // Attendance (R-VI.C): four players each.
  await home.arrive(['Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dana Drain']);
  await expect(seen.getByTestId('present-HOME')).toHaveText('4 here', SOON);
  await away.arrive(['Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit']);
  await expect(seen.getByTestId('present-AWAY')).toHaveText('4 here', SOON);

  // Round 1, doubles: AWAY declares first (R-III.B.3) on a 4-player and a 2-player machine; HOME answers.
  await away.declare(1, [{ machine: 'Comet Quest', players: ['Ivy Jackpot', 'Jo Nudge'] }, { machine: 'Twin Rockets', players: ['Kai Ramp', 'Lu Orbit'] }]);
  await expect(seen.getByTestId('game-1-1')).toContainText('Comet Quest', SOON);
  await home.declare(1, [{ players: ['Alice Ballsave', 'Bo Multiball'] }, { players: ['Cy Spinner', 'Dana Drain'] }]);
  await expect(seen.getByTestId('game-1-2')).toContainText('Dana Drain', SOON);
  await playDoubles(1, 'HOME');
  await expect(seen.getByTestId('points-HOME')).toHaveText('4', SOON);

  // Round 2, doubles: HOME declares first, on a 4-player and a 1-player machine; AWAY wins both.
  await home.declare(2, [{ machine: 'Dragon Forge', players: ['Alice Ballsave', 'Cy Spinner'] }, { machine: 'Lone Ranger', players: ['Bo Multiball', 'Dana Drain'] }]);
  await expect(seen.getByTestId('game-2-2')).toContainText('Lone Ranger', SOON);
  await away.declare(2, [{ players: ['Ivy Jackpot', 'Kai Ramp'] }, { players: ['Jo Nudge', 'Lu Orbit'] }]);
  await expect(seen.getByTestId('game-2-1')).toContainText('Kai Ramp', SOON);
  await playDoubles(2, 'AWAY');
  await expect(seen.getByTestId('points-AWAY')).toHaveText('4', SOON);

  // Rounds 3 (AWAY first) and 4 (HOME first), singles: two games each way.
  await away.declare(3, [
    { machine: 'Comet Quest', players: ['Ivy Jackpot'] }, { machine: 'Comet Quest', players: ['Jo Nudge'] },
    { machine: 'Dragon Forge', players: ['Kai Ramp'] }, { machine: 'Dragon Forge', players: ['Lu Orbit'] },
  ]);
  await expect(seen.getByTestId('game-3-4')).toContainText('Lu Orbit', SOON);
  await home.declare(3, [{ players: ['Alice Ballsave'] }, { players: ['Bo Multiball'] }, { players: ['Cy Spinner'] }, { players: ['Dana Drain'] }]);
  await expect(seen.getByTestId('game-3-1')).toContainText('Alice Ballsave', SOON);
  await playSingles(3, ['Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dana Drain'], ['Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit']);
  await expect(seen.getByTestId('points-HOME')).toHaveText('6', SOON);
  await expect(seen.getByTestId('points-AWAY')).toHaveText('6', SOON);

  await home.declare(4, [
    { machine: 'Comet Quest', players: ['Alice Ballsave'] }, { machine: 'Dragon Forge', players: ['Bo Multiball'] },
    { machine: 'Twin Rockets', players: ['Cy Spinner'] }, { machine: 'Lone Ranger', players: ['Dana Drain'] },
  ]);
  await expect(seen.getByTestId('game-4-4')).toContainText('Dana Drain', SOON);
  await away.declare(4, [{ players: ['Ivy Jackpot'] }, { players: ['Jo Nudge'] }, { players: ['Kai Ramp'] }, { players: ['Lu Orbit'] }]);
  await expect(seen.getByTestId('game-4-1')).toContainText('Ivy Jackpot', SOON);
  await playSingles(4, ['Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dana Drain'], ['Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit']);
  await expect(seen.getByTestId('points-HOME')).toHaveText('8', SOON);
  await expect(seen.getByTestId('points-AWAY')).toHaveText('8', SOON);
  await expect(seen.getByTestId('stage')).toHaveText('Tie-breaker', SOON);

  // 8-8: HOME chooses Split Flipper, the machine and two players; AWAY names two (R-III.G.3, OQ-06).
  const hp = home.page;
  const ap = away.page;
  await home.tab('Play');
  await hp.getByRole('group', { name: 'Tie-breaker format' }).getByRole('button', { name: /^Split Flipper/ }).click();
  await hp.getByRole('group', { name: 'Tie-breaker machine' }).getByRole('button', { name: 'Dragon Forge' }).click();
  await hp.getByRole('group', { name: 'Tie-breaker players' }).getByRole('button', { name: /^Cy Spinner/ }).click();
  await hp.getByRole('group', { name: 'Tie-breaker players' }).getByRole('button', { name: /^Dana Drain/ }).click();
  await hp.getByRole('button', { name: 'Choose tie-breaker' }).click();
  await expect(seen.getByTestId('tiebreaker')).toContainText('Split Flipper', SOON);
  await away.tab('Play');
  await ap.getByRole('group', { name: 'Tie-breaker players' }).getByRole('button', { name: /^Kai Ramp/ }).click();
  await ap.getByRole('group', { name: 'Tie-breaker players' }).getByRole('button', { name: /^Lu Orbit/ }).click();
  await ap.getByRole('button', { name: 'Name tie-breaker players' }).click();
  await expect(seen.getByTestId('tiebreaker')).toContainText('Lu Orbit', SOON);

  await hp.getByRole('button', { name: 'Enter tie-breaker score for HOME' }).click();
  await home.keypad('31000000');
  await expect(seen.getByTestId('tb-score-HOME')).toHaveText('31,000,000', SOON);
  await ap.getByRole('button', { name: 'Enter tie-breaker score for AWAY' }).click();
  await away.keypad('27500000');
  await expect(seen.getByTestId('tb-score-AWAY')).toHaveText('27,500,000', SOON);
  await ap.getByRole('button', { name: /^Confirm HOME tie-breaker/ }).click();
  await hp.getByRole('button', { name: /^Confirm AWAY tie-breaker/ }).click();
  await expect(seen.getByTestId('live-result')).toContainText('HOME wins', SOON);

  // Both captains sign (MR-5): the scoresheet is final.
  // HOME signs once its own phone says everything is confirmed (Phone.sign). The spectator's "HOME wins" does not
  // prove HOME's phone has AWAY's confirmation of HOME's score yet: on a loaded CI machine it had not (6 Dec), the
  // phone refused the tap itself (MR-4) and nothing reached the server.
  await home.sign();
  // '✓ signed', not 'signed': "not signed" contains the latter, so it would pass before any signature arrived.
  await expect(seen.getByTestId('signature-HOME')).toContainText('✓ signed', SOON);
  // AWAY signs once its own phone shows HOME's signature, as its captain would: that update comes after HOME's
  // confirmation of AWAY's tie-breaker score, so the phone's own check (MR-4) no longer finds an entry unconfirmed.
  // A tap on a phone still behind is refused on the phone, with "Send anyway" (client/src/match/Notices.svelte).
  await expect(ap.getByTestId('signature-HOME')).toContainText('✓ signed', SOON);
  await away.sign();
  await expect(seen.getByTestId('signature-AWAY')).toContainText('✓ signed', SOON);
  await expect(seen.getByTestId('stage')).toHaveText('HOME wins · signed', SOON);

  // The server's log agrees: 34 scores, each entered once and confirmed once, and two signatures.
  const events = await matchEvents(request, links.matchId);
  const count = (type: string) => events.filter((e) => e.event.type === type).length;
  expect(count('ScoreEntered')).toBe(32);
  expect(count('TiebreakerScoreEntered')).toBe(2);
  expect(count('EntryConfirmed')).toBe(34);
  expect(count('SignedOff')).toBe(2);

  for (const p of [home, away, fan]) await p.close();

  /** Doubles: both teams set their play order, each captain enters its players' scores, the other confirms. */
  async function playDoubles(round: number, winner: 'HOME' | 'AWAY') {
    await home.saveOrders(round, 2);
    await away.saveOrders(round, 2);
    const r = round === 1 ? { h: [['Alice Ballsave', 'Bo Multiball'], ['Cy Spinner', 'Dana Drain']], a: [['Ivy Jackpot', 'Jo Nudge'], ['Kai Ramp', 'Lu Orbit']] }
      : { h: [['Alice Ballsave', 'Cy Spinner'], ['Bo Multiball', 'Dana Drain']], a: [['Ivy Jackpot', 'Kai Ramp'], ['Jo Nudge', 'Lu Orbit']] };
    await expect(seen.getByTestId(`game-${round}-1`).getByTestId('up')).toContainText('P1', SOON);
    for (const g of [1, 2]) {
      for (const [i, name] of r.h[g - 1]!.entries()) {
        await home.enterScore(round, g, name, winner === 'HOME' ? `${4 + i}2000000` : `${1 + i}1000000`);
        await expect(seen.getByTestId(`game-${round}-${g}`)).toContainText(winner === 'HOME' ? `${4 + i}2,000,000` : `${1 + i}1,000,000`, SOON);
      }
      for (const [i, name] of r.a[g - 1]!.entries()) {
        await away.enterScore(round, g, name, winner === 'AWAY' ? `${4 + i}3000000` : `${1 + i}3000000`);
        await expect(seen.getByTestId(`game-${round}-${g}`)).toContainText(winner === 'AWAY' ? `${4 + i}3,000,000` : `${1 + i}3,000,000`, SOON);
      }
      await away.confirmGame(round, g);
      await home.confirmGame(round, g);
      await expect(seen.getByTestId(`game-${round}-${g}`).getByTestId('game-status')).toHaveText(`${winner} wins · +2`, SOON);
    }
  }

  /** Singles: HOME wins games 1-2, AWAY games 3-4. */
  async function playSingles(round: number, h: string[], a: string[]) {
    for (let g = 1; g <= 4; g++) {
      const homeWins = g <= 2;
      await home.enterScore(round, g, h[g - 1]!, homeWins ? '9000000' : '1000000');
      await expect(seen.getByTestId(`game-${round}-${g}`)).toContainText(homeWins ? '9,000,000' : '1,000,000', SOON);
      await away.enterScore(round, g, a[g - 1]!, homeWins ? '2000000' : '8000000');
      await away.confirmGame(round, g);
      await home.confirmGame(round, g);
      await expect(seen.getByTestId(`game-${round}-${g}`).getByTestId('game-status')).toHaveText(`${homeWins ? 'HOME' : 'AWAY'} wins · +1`, SOON);
    }
  }
});
