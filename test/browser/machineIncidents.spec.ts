import { expect, test } from '@playwright/test';
import { matchEvents } from './matches';
import { confirmIncident, declareRoundOne, enterScores, fillIncident, openEvening, recordIncident } from './incidentSteps';

/**
 * Incidents at the machine, on the phones: a player who tilts an opponent (R-VII.B.6) or damages the machine
 * (R-VII.Q.3), a minor fault (R-VII.L.1), and the decisions a major failure leaves the captains (R-VII.L.2): keep
 * the machine, restart the game, one player's compensation ball, a reset whose scores continue in a second part.
 * Each time the other captain's card says what confirming would do, with the rule, before the tap; then the outcome
 * and the points follow on every phone, the spectator's included. Round 1 throughout (AWAY picked): game 1 on
 * Comet Quest, AWAY's Ivy & Jo against HOME's Alice & Bo; game 2 on Twin Rockets (two 1-on-1 games), Kai & Lu
 * against Cy & Dana. Doubles: 2 points a game. Scores stay unconfirmed until the end, so the round's cards stay on
 * the captains' Play screen (confirming the last of them moves it to round 2).
 */

const TILTED = 'Tilted an opponent (R-VII.B.6)';
const DAMAGE = 'Damaged the machine (R-VII.Q.3)';
const MAJOR = 'Major machine failure (R-VII.L.2.3)';
const MINOR = 'Minor machine fault (R-VII.L.1)';

test('R-VII.B.6 / R-VII.Q.3: tilting an opponent loses the game for the tilter\'s team once confirmed; a disputed damage claim changes nothing, a confirmed one loses the game', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);

  // Game 1: HOME far ahead, but Bo's shove set off Ivy's tilt warning (R-VII.B.6).
  await enterScores(e, 1, 1, { HOME: [['Alice Ballsave', '30000000'], ['Bo Multiball', '20000000']], AWAY: [['Ivy Jackpot', '10000000'], ['Jo Nudge', '11000000']] });
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');
  const tilt = await fillIncident(away, 1, 1, { kind: TILTED, side: 'HOME', player: 'Bo Multiball' });
  await expect(tilt.getByRole('group', { name: 'Team of the player' }).getByRole('button', { name: 'HOME' })).toHaveAttribute('aria-pressed', 'true');
  await expect(tilt.getByTestId('verdict')).toContainText('Can be recorded; the other captain confirms it (MR-4)');
  await away.capture('74-tilted-opponent-form');
  await tilt.getByRole('button', { name: 'Record incident' }).click();
  await expect(tilt).toBeHidden();

  // HOME reads what confirming costs it; until then the scores decide on every phone.
  const onHome = home.game(1, 1).getByTestId('incident');
  await expect(onHome).toContainText('⚑ Tilted an opponent · HOME, Bo Multiball');
  await expect(onHome).toContainText('If confirmed: HOME loses this game (R-VII.B.6)');
  await expect(fan.game(1, 1).getByTestId('incident').getByTestId('entry-status')).toHaveText('by AWAY, to confirm');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');
  await onHome.scrollIntoViewIfNeeded();
  await home.capture('75-tilted-opponent-to-confirm');
  await confirmIncident(home, 1, 1, 'Tilted an opponent');
  for (const p of [home, away, fan]) await expect(p.game(1, 1).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await expect(fan.game(1, 1).getByTestId('incident')).toContainText('→ HOME loses this game (R-VII.B.6)');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('0');
  await fan.game(1, 1).getByTestId('incident').scrollIntoViewIfNeeded();
  await fan.capture('76-spectator-tilted-opponent');

  // Game 2: AWAY ahead. HOME says Kai lifted Twin Rockets off its legs (R-VII.Q.3); AWAY disputes it.
  await enterScores(e, 1, 2, { HOME: [['Cy Spinner', '2000000'], ['Dana Drain', '3000000']], AWAY: [['Kai Ramp', '40000000'], ['Lu Orbit', '50000000']] });
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await recordIncident(home, 1, 2, { kind: DAMAGE, side: 'AWAY', player: 'Kai Ramp', note: 'Front legs off the floor' });
  const claim = away.game(1, 2).getByTestId('incident');
  await expect(claim).toContainText('“Front legs off the floor”');
  await expect(claim).toContainText('If confirmed: AWAY loses this game (R-VII.Q.3)');
  await away.tab('Play');
  await claim.getByRole('button', { name: 'Dispute incident: Damaged the machine' }).click();
  const why = away.page.getByRole('dialog', { name: 'Dispute an entry' });
  await why.getByLabel('What is wrong (optional)').fill('A slide save; the machine stands where it stood (R-VII.Q.3.1)');
  await why.getByRole('button', { name: 'Dispute it' }).click();
  await expect(why).toBeHidden();
  // Disputed: no consequence line, the scores still decide; HOME sees why.
  const onHome2 = home.game(1, 2).getByTestId('incident');
  await expect(onHome2.getByTestId('entry-status')).toHaveText('disputed: “A slide save; the machine stands where it stood (R-VII.Q.3.1)”');
  await expect(onHome2).not.toContainText('loses this game');
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  await onHome2.scrollIntoViewIfNeeded();
  await home.capture('77-machine-damage-disputed');

  // Lu then rocks it hard enough to move the playfield glass: recorded again, and AWAY confirms this one.
  await recordIncident(home, 1, 2, { kind: DAMAGE, side: 'AWAY', player: 'Lu Orbit' });
  await confirmIncident(away, 1, 2, 'Damaged the machine');
  for (const p of [home, away, fan]) await expect(p.game(1, 2).getByTestId('game-status')).toHaveText('HOME wins · +2');
  await expect(fan.game(1, 2).getByTestId('incident').filter({ hasText: 'Lu Orbit' })).toContainText('→ AWAY loses this game (R-VII.Q.3)');

  // The scores are confirmed too (MR-4): one game each.
  for (const g of [1, 2]) {
    await away.confirmGame(1, g);
    await home.confirmGame(1, g);
  }
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');
  const recorded = (await matchEvents(request, e.links.matchId)).filter((x) => x.event.type === 'IncidentRecorded');
  expect(recorded.map((x) => (x.event.incident as { kind: string }).kind)).toEqual(['TILTED_OPPONENT', 'MACHINE_DAMAGE', 'MACHINE_DAMAGE']);
  await e.close();
});

test('R-VII.L.1 / R-VII.L.2.4.1 / R-VII.L.2.3.1: a minor fault is only recorded; a major failure during ball 1 restarts the game; both captains keep a failing machine', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);

  // Before game 1, AWAY notes Comet Quest's weak left flipper: neutral between players, play goes on (R-VII.L.1.1).
  // A machine's own fault concerns no team: the sheet does not ask for one.
  const minor = await fillIncident(away, 1, 1, { kind: MINOR, note: 'Weak left flipper' });
  await expect(minor.getByRole('group', { name: /^Team/ })).toHaveCount(0);
  await expect(minor.getByTestId('verdict')).toContainText('Can be recorded; the other captain confirms it (MR-4)');
  await away.capture('92-minor-fault-form-no-team');
  // Switching to a kind with a team at fault asks for it (R-III.C.5.2), and back to the fault hides it again.
  await minor.getByLabel('What happened').selectOption({ label: 'Played out of turn (R-III.C.5.2)' });
  await expect(minor.getByRole('group', { name: 'Team at fault' })).toBeVisible();
  await minor.getByRole('group', { name: 'Team at fault' }).getByRole('button', { name: 'HOME' }).click();
  await minor.getByLabel('What happened').selectOption({ label: MINOR });
  await expect(minor.getByRole('group', { name: /^Team/ })).toHaveCount(0);
  await minor.getByRole('button', { name: 'Record incident' }).click();
  await expect(minor).toBeHidden();
  await expect(home.game(1, 1).getByTestId('incident')).toContainText('If confirmed: recorded; play goes on (R-VII.L.1)');
  await confirmIncident(home, 1, 1, 'Minor machine fault');
  await expect(fan.game(1, 1).getByTestId('incident')).toContainText('→ recorded; play goes on (R-VII.L.1)');
  // A machine's own fault is nobody's: the card names no team.
  await expect(fan.game(1, 1).getByTestId('incident')).toContainText('⚑ Minor machine fault R-VII.L.1 · “Weak left flipper”');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('Not started');
  await fan.game(1, 1).scrollIntoViewIfNeeded();
  await fan.capture('78-spectator-minor-fault');

  // During ball 1 the right flipper sticks: the captains restart the game; Alice's first score goes.
  await home.enterScore(1, 1, 'Alice Ballsave', '2500000');
  await expect(fan.game(1, 1)).toContainText('2,500,000');
  const restart = await fillIncident(away, 1, 1, { kind: MAJOR, action: 'Failed during ball 1: restart the game (R-VII.L.2.4.1)' });
  await expect(restart.getByRole('group', { name: /^Team/ })).toHaveCount(0);
  await restart.getByRole('button', { name: 'Record incident' }).click();
  await expect(restart).toBeHidden();
  await expect(home.game(1, 1).getByTestId('incident').filter({ hasText: 'Major' })).toContainText('If confirmed: the game restarts for every player; its scores are discarded (R-VII.L.2.4.1)');
  await confirmIncident(home, 1, 1, 'Major machine failure');
  for (const p of [home, away, fan]) {
    await expect(p.game(1, 1).getByTestId('started-over')).toHaveText('Restarted for every player after a major failure during ball 1; earlier scores discarded (R-VII.L.2.4.1).');
    await expect(p.game(1, 1)).not.toContainText('2,500,000');
    await expect(p.game(1, 1).getByRole('heading', { level: 3 })).toHaveText('Game 1 · Comet Quest');
  }
  await fan.game(1, 1).scrollIntoViewIfNeeded();
  await fan.capture('79-spectator-restarted-game');
  await enterScores(e, 1, 1, { HOME: [['Alice Ballsave', '12000000'], ['Bo Multiball', '9000000']], AWAY: [['Ivy Jackpot', '7000000'], ['Jo Nudge', '8000000']] });
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');

  // Game 2 under way when Twin Rockets starts ending turns at random; both captains agree to play on (R-VII.L.2.3.1).
  await home.enterScore(1, 2, 'Cy Spinner', '5000000');
  const keep = await fillIncident(home, 1, 2, { kind: MAJOR, action: 'Both agree to keep playing on it (R-VII.L.2.3.1)' });
  await keep.getByRole('button', { name: 'Record incident' }).click();
  await expect(keep).toBeHidden();
  const onAway = away.game(1, 2).getByTestId('incident');
  await expect(onAway).toContainText('If confirmed: both captains keep playing on Twin Rockets (R-VII.L.2.3.1)');
  await onAway.scrollIntoViewIfNeeded();
  await away.capture('80-major-failure-keep-to-confirm');
  await confirmIncident(away, 1, 2, 'Major machine failure');
  await expect(fan.game(1, 2).getByTestId('incident')).toContainText('→ both captains keep playing on Twin Rockets (R-VII.L.2.3.1)');
  // Kept: same machine, Cy's score stands, the game goes on.
  await expect(fan.game(1, 2).getByRole('heading', { level: 3 })).toHaveText('Game 2 · Twin Rockets');
  await expect(fan.game(1, 2).getByTestId('turn').filter({ hasText: 'Cy Spinner' }).getByTestId('score')).toHaveText('5,000,000');
  await enterScores(e, 1, 2, { HOME: [['Dana Drain', '1000000']], AWAY: [['Kai Ramp', '9000000'], ['Lu Orbit', '8000000']] });
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');

  for (const g of [1, 2]) {
    await away.confirmGame(1, g);
    await home.confirmGame(1, g);
  }
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('2');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('2');
  const events = await matchEvents(request, e.links.matchId);
  const types = events.map((x) => x.event.type);
  expect(types.filter((t) => t === 'GameRestarted' || t === 'MachineEliminated')).toEqual(['GameRestarted']);
  // The schema wants a side on every incident: for a machine's fault the phone sends its own team, never one
  // tapped for another kind before (the out-of-turn HOME above).
  const faults = events.filter((x) => x.event.type === 'IncidentRecorded').map((x) => [x.event.by, x.event.incident]);
  expect(faults).toEqual([
    ['AWAY', { kind: 'MINOR_FAILURE', side: 'AWAY', note: 'Weak left flipper' }],
    ['AWAY', { kind: 'MAJOR_FAILURE', side: 'AWAY', action: 'RESTART_GAME' }],
    ['HOME', { kind: 'MAJOR_FAILURE', side: 'HOME', action: 'KEEP' }],
  ]);
  await e.close();
});

test('R-VII.L.2.4.2 / R-VII.L.2.5: one player\'s compensation ball and a machine reset each add a second part to the score, and the parts decide the game', async ({ browser, request }) => {
  const e = await openEvening(browser, request);
  const { home, away, fan } = e;
  await declareRoundOne(e);

  // Game 1: after ball 1, Comet Quest's ball search drains Ivy's ball: only Ivy is affected (R-VII.L.2.4.2).
  await enterScores(e, 1, 1, { HOME: [['Alice Ballsave', '10000000'], ['Bo Multiball', '12000000']], AWAY: [['Ivy Jackpot', '9000000'], ['Jo Nudge', '8000000']] });
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('HOME wins · +2');
  const option = await fillIncident(away, 1, 1, { kind: MAJOR, action: 'One player affected: replay or compensation ball (R-VII.L.2.4.2)' });
  // The failure hit one player: the team and the player are asked for once this decision is chosen, and are needed.
  const team = option.getByRole('group', { name: 'Team of the player' });
  await expect(team).toBeVisible();
  await team.getByRole('button', { name: 'AWAY' }).click();
  await expect(option.getByTestId('verdict')).toContainText('Name the player this happened to.');
  await option.getByLabel('Player', { exact: true }).selectOption({ label: 'Ivy Jackpot' });
  await expect(option.getByTestId('verdict')).toContainText('Can be recorded');
  await away.capture('81-major-failure-one-player-form');
  await option.getByRole('button', { name: 'Record incident' }).click();
  await expect(option).toBeHidden();
  await expect(home.game(1, 1).getByTestId('incident')).toContainText('If confirmed: Ivy Jackpot chooses: void the score and replay, or a compensation ball (R-VII.L.2.4.2)');
  // Before it is confirmed, nobody may add a second part.
  await expect(away.game(1, 1).getByRole('button', { name: /part 2 for/ })).toHaveCount(0);
  await confirmIncident(home, 1, 1, 'Major machine failure');

  // Ivy takes the compensation ball: a second part for her only, which HOME confirms; AWAY now wins.
  await away.tab('Play');
  await expect(away.game(1, 1).getByRole('button', { name: /part 2 for/ })).toHaveAccessibleName('Enter part 2 for Ivy Jackpot');
  await away.game(1, 1).getByRole('button', { name: 'Enter part 2 for Ivy Jackpot' }).click();
  await expect(away.page.getByRole('dialog', { name: 'Part 2 for Ivy Jackpot' })).toBeVisible();
  await away.keypad('6000000');
  const ivy = fan.game(1, 1).getByTestId('turn').filter({ hasText: 'Ivy Jackpot' });
  await expect(ivy.getByTestId('part-2')).toHaveText('6,000,000');
  await expect(fan.game(1, 1).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  // The spectator reads both parts and their sum, as the captains do (R-VII.L.2.5.2): 9,000,000 + 6,000,000.
  await expect(ivy.getByTestId('score')).toHaveText('9,000,000');
  for (const p of [fan, away, home]) {
    await expect(p.game(1, 1).getByTestId('turn').filter({ hasText: 'Ivy Jackpot' }).getByTestId('total')).toHaveText('Total 15,000,000 (R-VII.L.2.5.2)');
  }
  // Only the player granted the second part has a total: Jo's one score is the whole of it.
  await expect(fan.game(1, 1).getByTestId('total')).toHaveCount(1);
  await ivy.scrollIntoViewIfNeeded();
  await fan.capture('93-spectator-compensation-total');
  // Either captain may correct it, and only Ivy's: the second part was granted to her alone.
  await expect(home.game(1, 1).getByRole('button', { name: /part 2 for/ })).toHaveAccessibleName('Change part 2 for Ivy Jackpot');
  await home.game(1, 1).getByTestId('turn').filter({ hasText: 'Ivy Jackpot' }).scrollIntoViewIfNeeded();
  await home.capture('82-compensation-part-to-confirm');

  // Game 2: every part 1 is in when Twin Rockets must be reset; both captains judge it playable (R-VII.L.2.5.1).
  await enterScores(e, 1, 2, { HOME: [['Cy Spinner', '3000000'], ['Dana Drain', '4000000']], AWAY: [['Kai Ramp', '5000000'], ['Lu Orbit', '1000000']] });
  await expect(fan.game(1, 2).getByTestId('game-status')).toHaveText('HOME wins · +2');
  await recordIncident(home, 1, 2, { kind: MAJOR, action: 'Machine reset: scores continue in a second part (R-VII.L.2.5)' });
  await expect(away.game(1, 2).getByTestId('incident')).toContainText('If confirmed: the scores so far are part 1; the remaining balls are played on a new game and added (R-VII.L.2.5)');
  await confirmIncident(away, 1, 2, 'Major machine failure');
  // Each captain adds its own players' second parts: HOME 7,000,000 + 2,000,000, AWAY 6,000,000 + 4,000,000.
  for (const [phone, name, points] of [[home, 'Cy Spinner', '1000000'], [home, 'Dana Drain', '1000000'], [away, 'Kai Ramp', '2000000'], [away, 'Lu Orbit', '2000000']] as const) {
    await phone.game(1, 2).getByRole('button', { name: `Enter part 2 for ${name}` }).click();
    await phone.keypad(points);
  }
  for (const p of [home, away, fan]) await expect(p.game(1, 2).getByTestId('game-status')).toHaveText('AWAY wins · +2');
  for (const [name, part, total] of [['Cy Spinner', '1,000,000', '4,000,000'], ['Kai Ramp', '2,000,000', '7,000,000']]) {
    const turn = fan.game(1, 2).getByTestId('turn').filter({ hasText: name! });
    await expect(turn.getByTestId('part-2')).toHaveText(part!);
    await expect(turn.getByTestId('total')).toContainText(`Total ${total!}`);
  }
  await expect(fan.game(1, 2).getByTestId('total')).toHaveCount(4);
  // The spectator's scoresheet tab says the same: the total that counts, its parts below, unconfirmed until answered.
  await fan.tab('Sheet');
  const sheet = fan.page.getByRole('region', { name: 'Round 1' });
  for (const [name, total, parts] of [['Ivy Jackpot', '15,000,000', '9,000,000 + 6,000,000'], ['Jo Nudge', '8,000,000', null], ['Cy Spinner', '4,000,000', '3,000,000 + 1,000,000'], ['Lu Orbit', '3,000,000', '1,000,000 + 2,000,000']] as const) {
    const line = sheet.getByTestId('sheet-line').filter({ hasText: name });
    await expect(line).toContainText(`${total} (unconfirmed)`);
    if (parts) await expect(line.getByTestId('sheet-parts')).toHaveText(parts);
    else await expect(line.getByTestId('sheet-parts')).toHaveCount(0);
  }
  await sheet.getByTestId('sheet-line').filter({ hasText: 'Lu Orbit' }).scrollIntoViewIfNeeded();
  await fan.capture('95-spectator-sheet-two-parts');
  await fan.tab('Live');
  await fan.game(1, 2).scrollIntoViewIfNeeded();
  await fan.capture('83-spectator-reset-two-parts');

  for (const g of [1, 2]) {
    await away.confirmGame(1, g);
    await home.confirmGame(1, g);
  }
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('4');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('0');
  const parts = (await matchEvents(request, e.links.matchId)).filter((x) => x.event.type === 'ScoreEntered' && x.event.segment === 2);
  expect(parts.map((x) => [x.event.playerId, x.event.points])).toEqual([['aces-1', 6_000_000], ['hawks-3', 1_000_000], ['hawks-4', 1_000_000], ['aces-3', 2_000_000], ['aces-4', 2_000_000]]);
  await e.close();
});
