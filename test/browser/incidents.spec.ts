import { expect, test } from '@playwright/test';
import { matchEvents } from './matches';
import { AWAY_FOUR, confirmIncident, declareRoundOne, enterScores, fillIncident, HOME_FOUR, openEvening, playGame, recordIncident, saveOrders } from './incidentSteps';

/**
 * Incidents recorded on the phones (issue 4): one captain records what happened at the machine, the other confirms
 * it (MR-4), and the game's outcome and the match points follow the rule on every phone, the spectator's included.
 * Round 1 throughout (AWAY picked): game 1 on Comet Quest, AWAY's Ivy & Jo against HOME's Alice & Bo; game 2 on
 * Twin Rockets, Kai & Lu against Cy & Dana. Doubles: 2 points a game.
 */

test('R-VII.Q.1 / CALC-1: a slam tilt loses the game for the offender\'s team whatever the scores, once the other captain confirms it', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);

  // Before anyone played, a slam tilt cannot have happened: the sheet says so with the rule before the tap.
  const early = await fillIncident(home, 1, 1, { kind: 'Slam tilt (R-VII.Q.1)', side: 'AWAY', player: 'Jo Nudge' });
  await expect(early.getByTestId('verdict')).toHaveText('✗ R-VII.Q.1 This game has not started.');
  await home.capture('40-incident-refused-before-start');
  // Sent anyway (the phone may be behind): the server refuses with the same rule, shown where the captain looks.
  await early.getByRole('button', { name: 'Send anyway' }).click();
  await expect(early).toBeHidden();
  const refused = home.page.getByTestId('notice').filter({ hasText: 'Refused by the scoresheet' });
  await expect(refused).toHaveAttribute('data-rule', 'R-VII.Q.1');
  await expect(refused).toContainText('This game has not started.');
  await expect(refused).toBeInViewport();
  await home.capture('40b-incident-refused-by-server');
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(refused).toHaveCount(0);

  // AWAY's pair outscores HOME's by far.
  await home.enterScore(1, 1, 'Alice Ballsave', '11000000');
  await home.enterScore(1, 1, 'Bo Multiball', '12000000');
  await away.enterScore(1, 1, 'Ivy Jackpot', '43000000');
  await away.enterScore(1, 1, 'Jo Nudge', '44000000');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');

  // HOME records Jo's slam tilt; until AWAY confirms it, the scores decide.
  const sheet = await fillIncident(home, 1, 1, { kind: 'Slam tilt (R-VII.Q.1)', side: 'AWAY', player: 'Jo Nudge' });
  await home.capture('41-incident-slam-tilt-form');
  await sheet.getByRole('button', { name: 'Record incident' }).click();
  await expect(sheet).toBeHidden();
  const onFan = fan.game(1, 1).getByTestId('incident');
  await expect(onFan).toContainText('⚑ Slam tilt · AWAY, Jo Nudge');
  await expect(onFan).toContainText('R-VII.Q.1');
  await expect(onFan.getByTestId('entry-status')).toHaveText('by HOME, to confirm');
  await expect(home.game(1, 1).getByTestId('incident').getByTestId('entry-status')).toHaveText('waiting for AWAY');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('AWAY wins · +2');

  await away.tab('Play');
  await away.game(1, 1).getByTestId('incident').scrollIntoViewIfNeeded();
  await away.capture('42-incident-to-confirm');
  await confirmIncident(away, 1, 1, 'Slam tilt');

  // Confirmed: HOME wins the game with the lower scores; the points move on every phone.
  for (const p of [home, away, fan]) await expect(p.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('0');
  await expect(onFan.getByTestId('entry-status')).toHaveText('✓ confirmed');
  await fan.game(1, 1).scrollIntoViewIfNeeded();
  await fan.capture('43-spectator-slam-tilt-confirmed');

  // The scores still need confirming (MR-4); that changes nothing of the outcome.
  await away.confirmGame(1, 1);
  await home.confirmGame(1, 1);
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');

  const events = await matchEvents(request, e.links.matchId);
  const recorded = events.filter((x) => x.event.type === 'IncidentRecorded');
  expect(recorded.map((x) => [x.event.by, x.event.incident])).toEqual([['HOME', { kind: 'SLAM_TILT', side: 'AWAY', playerId: 'aces-2' }]]);
  await e.close();
});

test('R-III.C.6.1.1.2: a logged-in player found after balls were completed; the other team chooses "continue" (the score stands) or "new separate game"; R-III.C.6.1.2.1: a second occurrence disqualifies the score', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);
  const LOGGED_IN = 'Player found logged in (R-III.C.6.1)';
  const AFTER_BALLS = 'After balls were completed';

  // Game 1: AWAY notices Alice (HOME) logged in after the first balls: HOME's first occurrence, a warning.
  await home.tab('Play');
  await home.game(1, 1).getByRole('button', { name: 'Start game' }).click();
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('Playing');
  await recordIncident(away, 1, 1, { kind: LOGGED_IN, side: 'HOME', player: 'Alice Ballsave', phase: AFTER_BALLS });
  await confirmIncident(home, 1, 1, 'Player found logged in');

  // The choice belongs to AWAY (MR-2): HOME's phone offers only "Ball 2 has started", AWAY's both options.
  const awayChoice = away.game(1, 1).getByRole('group', { name: 'AWAY chooses for Alice Ballsave' });
  await expect(awayChoice.getByRole('button')).toHaveText(['Let them continue', 'New separate game']);
  await expect(home.game(1, 1).getByRole('group', { name: /chooses for Alice Ballsave/ })).toHaveCount(0);
  await expect(home.game(1, 1).getByTestId('incident')).toContainText('AWAY chooses before Alice Ballsave starts ball 2 (R-III.C.6.1.1.2)');
  await expect(home.game(1, 1).getByRole('button', { name: 'Ball 2 has started' })).toBeVisible();
  await away.game(1, 1).getByTestId('incident').scrollIntoViewIfNeeded();
  await away.capture('44-logged-in-choice');
  await awayChoice.getByRole('button', { name: 'Let them continue' }).click();
  for (const p of [home, away, fan]) await expect(p.game(1, 1).getByTestId('incident')).toContainText('AWAY chose: Alice Ballsave continues, the score stands');
  await expect(away.game(1, 1).getByRole('group', { name: 'AWAY chooses for Alice Ballsave' })).toHaveCount(0);

  // The score stands: the game is decided by the scores, HOME's higher.
  await playGame(e, 1, 1, { HOME: [['Alice Ballsave', '30000000'], ['Bo Multiball', '20000000']], AWAY: [['Ivy Jackpot', '10000000'], ['Jo Nudge', '11000000']] });
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');

  // Game 2: HOME notices Kai (AWAY) logged in: AWAY's first occurrence. HOME chooses a new separate game.
  await home.game(1, 2).getByRole('button', { name: 'Start game' }).click();
  await recordIncident(home, 1, 2, { kind: LOGGED_IN, side: 'AWAY', player: 'Kai Ramp', phase: AFTER_BALLS });
  await confirmIncident(away, 1, 2, 'Player found logged in');
  await home.game(1, 2).getByRole('group', { name: 'HOME chooses for Kai Ramp' }).getByRole('button', { name: 'New separate game' }).click();
  for (const p of [home, away, fan]) {
    await expect(p.game(1, 2).getByTestId('incident')).toContainText('HOME chose: Kai Ramp plays a new separate game; its score replaces Kai Ramp\'s');
  }
  await away.game(1, 2).getByTestId('incident').scrollIntoViewIfNeeded();
  await away.capture('45-logged-in-new-game-chosen');

  // And Cy (HOME) is found logged in too: HOME's second occurrence, no choice: Cy's score is disqualified.
  await recordIncident(away, 1, 2, { kind: LOGGED_IN, side: 'HOME', player: 'Cy Spinner', phase: AFTER_BALLS });
  await confirmIncident(home, 1, 2, 'Player found logged in');
  const cy = fan.game(1, 2).getByTestId('incident').filter({ hasText: 'Cy Spinner' });
  await expect(cy).toContainText('second occurrence for HOME: Cy Spinner\'s score is disqualified (R-III.C.6.1.2.1)');
  await expect(away.game(1, 2).getByRole('group', { name: /chooses for Cy Spinner/ })).toHaveCount(0);

  // Kai's new game scores 20,000,000 and Lu 10,000,000: AWAY 30,000,000. HOME's 50,000,000 + 5,000,000 would win,
  // but only Dana's 5,000,000 counts.
  await playGame(e, 1, 2, { HOME: [['Cy Spinner', '50000000'], ['Dana Drain', '5000000']], AWAY: [['Kai Ramp', '20000000'], ['Lu Orbit', '10000000']] });
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await expect(fan.game(1, 2).getByTestId('turn').filter({ hasText: 'Cy Spinner' })).toContainText('disqualified');
  await expect(fan.game(1, 2).getByTestId('turn').filter({ hasText: 'Dana Drain' })).not.toContainText('disqualified');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');

  const events = await matchEvents(request, e.links.matchId);
  expect(events.filter((x) => x.event.type === 'LoggedInOptionChosen').map((x) => [x.event.by, x.event.option])).toEqual([['AWAY', 'CONTINUE'], ['HOME', 'NEW_GAME']]);
  await e.close();
});

test('R-VII.E.2.1: a death save disqualifies the player\'s score, the partner\'s still counts; R-III.C.5.2: playing out of turn disqualifies the whole team score', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);

  // Game 1: AWAY 25,000,000 + 15,000,000 against HOME 20,000,000 + 10,000,000; Jo's death save leaves AWAY 25,000,000.
  await playGame(e, 1, 1, { HOME: [['Alice Ballsave', '20000000'], ['Bo Multiball', '10000000']], AWAY: [['Ivy Jackpot', '25000000'], ['Jo Nudge', '15000000']] });
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await recordIncident(home, 1, 1, { kind: 'Death save / bang-back (R-VII.E.2.1)', side: 'AWAY', player: 'Jo Nudge' });
  await expect(away.game(1, 1).getByTestId('incident')).toContainText('If confirmed: Jo Nudge\'s score is disqualified (R-VII.E.2.1)');
  await confirmIncident(away, 1, 1, 'Death save / bang-back');
  for (const p of [home, away, fan]) await expect(p.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');
  const jo = fan.game(1, 1).getByTestId('turn').filter({ hasText: 'Jo Nudge' });
  await expect(jo).toContainText('disqualified');
  await expect(jo.getByTestId('score')).toHaveText('15,000,000');
  await expect(jo.getByTestId('score')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(fan.game(1, 1).getByTestId('turn').filter({ hasText: 'Ivy Jackpot' })).not.toContainText('disqualified');
  await fan.game(1, 1).scrollIntoViewIfNeeded();
  await fan.capture('46-spectator-death-save');

  // Game 2 (two 1-on-1 games on Twin Rockets): HOME outscores AWAY, but Dana played Cy's ball: HOME is out.
  await enterScores(e, 1, 2, { HOME: [['Cy Spinner', '40000000'], ['Dana Drain', '30000000']], AWAY: [['Kai Ramp', '2000000'], ['Lu Orbit', '1000000']] });
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('HOME wins · +2');
  await recordIncident(away, 1, 2, { kind: 'Played out of turn (R-III.C.5.2)', side: 'HOME' });
  await confirmIncident(home, 1, 2, 'Played out of turn');
  for (const p of [home, away, fan]) await expect(p.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await expect(fan.game(1, 2).getByTestId('incident')).toContainText('→ HOME\'s whole score in this game is disqualified (R-III.C.5.2)');
  // Nobody's single score is struck: the team's total is what is disqualified.
  await expect(fan.game(1, 2).getByTestId('turn').filter({ hasText: 'Cy Spinner' })).not.toContainText('disqualified');
  await away.confirmGame(1, 2);
  await home.confirmGame(1, 2);
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');
  await e.close();
});

test('R-VII.L.2.3 / R-VII.L.2.7: a major failure takes the machine out, AWAY (who chose it) picks the replacement, HOME re-declares the game (R-VII.L.2.7.1), it is replayed in full (R-VII.L.2.7.2) and the match still finishes', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const e = await openEvening(browser, request, { HOME: [...HOME_FOUR, 'Ed Outlane'] });
  const { home, away, fan } = e;
  await declareRoundOne(e);

  // Game 1 under way on Comet Quest when its flipper sticks.
  await home.enterScore(1, 1, 'Alice Ballsave', '15000000');
  await expect(fan.game(1, 1)).toContainText('15,000,000');
  const failure = { kind: 'Major machine failure (R-VII.L.2.3)', action: 'Take the machine out, move the game (R-VII.L.2.3)' };
  const sheet = await fillIncident(away, 1, 1, failure);
  await expect(sheet.getByTestId('verdict')).toContainText('Can be recorded');
  await away.capture('47-major-failure-form');
  await sheet.getByRole('button', { name: 'Record incident' }).click();
  await expect(sheet).toBeHidden();
  await expect(home.game(1, 1).getByTestId('incident')).toContainText('If confirmed: Comet Quest is out of the match and this game moves to a machine AWAY picks (R-VII.L.2.3, R-VII.L.2.7)');
  await confirmIncident(home, 1, 1, 'Major machine failure');

  // Out: the game waits for a machine, its score is gone, and only AWAY may choose (MR-2).
  for (const p of [home, away, fan]) {
    await expect(p.game(1, 1).getByRole('heading', { level: 3 })).toHaveText('Game 1 · machine failed');
    await expect(p.game(1, 1).getByTestId('game-status')).toHaveText('Needs a machine');
    await expect(p.game(1, 1)).toContainText(p === away ? 'Pick a replacement machine (R-VII.L.2.7)' : 'Waiting for AWAY to pick a replacement machine (R-VII.L.2.7)');
    await expect(p.game(1, 1)).not.toContainText('15,000,000');
  }
  await expect(home.game(1, 1).getByRole('group', { name: 'Replacement machine' })).toHaveCount(0);
  const picker = away.game(1, 1).getByRole('group', { name: 'Replacement machine' });
  // Comet Quest is eliminated (R-VII.L.2.3.2): not offered.
  await expect(picker.getByRole('button')).toHaveText([/^Dragon Forge/, /^Twin Rockets/, /^Lone Ranger/]);
  await picker.getByRole('button', { name: /^Dragon Forge/ }).click();
  await expect(away.game(1, 1).getByTestId('verdict')).toContainText('allowed');
  await away.game(1, 1).scrollIntoViewIfNeeded();
  await away.capture('48-replacement-machine');
  await away.game(1, 1).getByRole('button', { name: 'Move game 1 to Dragon Forge' }).click();
  await expect(fan.game(1, 1).getByRole('heading', { level: 3 })).toHaveText('Game 1 · Dragon Forge');
  await expect(fan.game(1, 1)).toContainText('Replayed in full after a major machine failure; earlier scores discarded (R-VII.L.2.7.2)');

  // HOME brings Ed in for Bo in game 1, the only game it may change (R-VII.L.2.7.1.1).
  await home.tab('Play');
  const redeclare = home.page.getByRole('region', { name: 'Change players after the machine failure' });
  await expect(redeclare.getByRole('group')).toHaveCount(1);
  const g1 = redeclare.getByRole('group', { name: 'Game 1 new players' });
  await g1.getByRole('button', { name: /^Bo Multiball/ }).click();
  await g1.getByRole('button', { name: /^Ed Outlane/ }).click();
  await expect(redeclare.getByTestId('verdict')).toHaveText('✓ These changes are allowed');
  await redeclare.scrollIntoViewIfNeeded();
  await home.capture('49-redeclare-after-failure');
  await redeclare.getByRole('button', { name: 'Re-declare game 1' }).click();
  await expect(fan.game(1, 1)).toContainText('Ed Outlane');
  await expect(fan.game(1, 1)).not.toContainText('Bo Multiball');
  await expect(redeclare.getByRole('button', { name: 'Re-declare game 1' })).toBeDisabled();

  // Play goes on: game 1 replayed on Dragon Forge with a new play order (OQ-20), game 2 as declared.
  await expect(away.game(1, 1)).toContainText('Ed Outlane');
  await saveOrders(e, 1, 2);
  await playGame(e, 1, 1, { HOME: [['Alice Ballsave', '30000000'], ['Ed Outlane', '20000000']], AWAY: [['Ivy Jackpot', '10000000'], ['Jo Nudge', '11000000']] });
  await playGame(e, 1, 2, { HOME: [['Cy Spinner', '1000000'], ['Dana Drain', '2000000']], AWAY: [['Kai Ramp', '30000000'], ['Lu Orbit', '40000000']] });
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');

  // Round 2 (HOME picks), HOME wins both.
  await home.declare(2, [{ machine: 'Dragon Forge', players: ['Alice Ballsave', 'Cy Spinner'] }, { machine: 'Lone Ranger', players: ['Bo Multiball', 'Dana Drain'] }]);
  await away.declare(2, [{ players: ['Ivy Jackpot', 'Kai Ramp'] }, { players: ['Jo Nudge', 'Lu Orbit'] }]);
  await saveOrders(e, 2, 2);
  await playGame(e, 2, 1, { HOME: [['Alice Ballsave', '50000000'], ['Cy Spinner', '50000000']], AWAY: [['Ivy Jackpot', '1000000'], ['Kai Ramp', '1000000']] });
  await playGame(e, 2, 2, { HOME: [['Bo Multiball', '50000000'], ['Dana Drain', '50000000']], AWAY: [['Jo Nudge', '1000000'], ['Lu Orbit', '1000000']] });
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('6');

  // Rounds 3 and 4, singles, without Comet Quest (R-VII.L.2.3.2): each team wins two games a round.
  await away.tab('Play');
  await expect(away.page.getByRole('group', { name: 'Game 1 machine' }).getByRole('button')).toHaveText([/^Dragon Forge/, /^Twin Rockets/, /^Lone Ranger/]);
  await away.declare(3, [
    { machine: 'Dragon Forge', players: ['Ivy Jackpot'] }, { machine: 'Dragon Forge', players: ['Jo Nudge'] },
    { machine: 'Twin Rockets', players: ['Kai Ramp'] }, { machine: 'Twin Rockets', players: ['Lu Orbit'] },
  ]);
  await home.declare(3, HOME_FOUR.map((p) => ({ players: [p] })));
  await playSingles(3);
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('8');
  await home.declare(4, [
    { machine: 'Dragon Forge', players: ['Alice Ballsave'] }, { machine: 'Dragon Forge', players: ['Bo Multiball'] },
    { machine: 'Twin Rockets', players: ['Cy Spinner'] }, { machine: 'Lone Ranger', players: ['Dana Drain'] },
  ]);
  await away.declare(4, AWAY_FOUR.map((p) => ({ players: [p] })));
  await playSingles(4);
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('10');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('6');

  // No tie-breaker: both captains sign and the scoresheet is final (MR-5).
  await home.sign();
  await away.sign();
  await expect(fan.page.getByTestId('stage')).toHaveText('HOME wins · signed');

  const events = await matchEvents(request, e.links.matchId);
  const of = (type: string) => events.filter((x) => x.event.type === type).map((x) => x.event);
  expect(of('MachineEliminated')).toMatchObject([{ machineId: 'comet-quest', round: 1, games: [1] }]);
  expect(of('MachineReplaced')).toMatchObject([{ by: 'AWAY', round: 1, games: [{ game: 1, machineId: 'dragon-forge' }] }]);
  expect(of('GamesRedeclared')).toMatchObject([{ side: 'HOME', round: 1, games: [{ game: 1, players: ['hawks-1', 'hawks-5'] }] }]);
  await e.close();

  async function playSingles(round: number) {
    for (let g = 1; g <= 4; g++) {
      const homeWins = g <= 2;
      await playGame(e, round, g, { HOME: [[HOME_FOUR[g - 1]!, homeWins ? '9000000' : '1000000']], AWAY: [[AWAY_FOUR[g - 1]!, homeWins ? '2000000' : '8000000']] });
      // After the very last game the spectator's screen shows the match result instead (checked by the points).
      if (round < 4 || g < 4) await expect(fan.game(round, g).getByTestId('game-status')).toHaveText(`${homeWins ? 'HOME' : 'AWAY'} wins · +1`);
    }
  }
});

test('R-VII.J.2.1: practising on a declared machine: a team\'s first occurrence is a warning (R-VII.J.2.1.1), its second forfeits that game (R-VII.J.2.1.2)', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);
  const PRACTICE = 'Practised on a declared machine (R-VII.J.2.1)';

  // Ivy (AWAY) practises on Comet Quest, where she is declared: a warning, nothing changes in the game.
  await recordIncident(home, 1, 1, { kind: PRACTICE, side: 'AWAY', player: 'Ivy Jackpot' });
  await expect(away.game(1, 1).getByTestId('incident')).toContainText('If confirmed: a warning: HOME\'s players in this game may practise one game (R-VII.J.2.1.1)');
  await confirmIncident(away, 1, 1, 'Practised on a declared machine');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('Not started');

  // Kai (AWAY) then practises on Twin Rockets: AWAY's second occurrence, AWAY forfeits game 2 before it starts.
  await recordIncident(home, 1, 2, { kind: PRACTICE, side: 'AWAY', player: 'Kai Ramp' });
  await expect(away.game(1, 2).getByTestId('incident')).toContainText('If confirmed: second occurrence for AWAY: AWAY forfeits this game (R-VII.J.2.1.2)');
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('Not started');
  await confirmIncident(away, 1, 2, 'Practised on a declared machine');
  for (const p of [home, away, fan]) await expect(p.game(1, 2).getByTestId('game-status')).toHaveText('HOME wins by forfeit · +2');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('0');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('Not started');
  await e.close();
});
