import { expect, test, type Locator } from '@playwright/test';
import { createMatch, matchEvents } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * Incidents in the tie-breaker, on the phones (R-III.G with R-VII): the bots bring the match to 8-8 and name the
 * Split Flipper players (HOME Cy & Dana, AWAY Kai & Lu, on Dragon Forge); the captains then record, through the UI,
 * a major failure that takes the machine out (HOME picks the next one, the game starts again) and a slam tilt that
 * turns the result around once confirmed. The spectator follows both.
 */

/** Opens the tie-breaker's incident sheet on the Play screen and fills it in. */
async function fillTiebreakerIncident(phone: Phone, inc: { kind: string; side?: 'HOME' | 'AWAY'; player?: string; action?: string }): Promise<Locator> {
  await phone.tab('Play');
  await phone.page.getByTestId('tiebreaker').getByRole('button', { name: '⚑ Tie-breaker incident' }).click();
  const sheet = phone.page.getByRole('dialog', { name: 'Incident · tie-breaker' });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('What happened').selectOption({ label: inc.kind });
  if (inc.action) await sheet.getByRole('group', { name: 'What the captains decided' }).getByRole('button', { name: inc.action, exact: true }).click();
  // A machine's own fault concerns no team: the sheet asks for one only for the other kinds.
  if (inc.side) await sheet.getByRole('button', { name: inc.side, exact: true }).click();
  if (inc.player) await sheet.getByLabel('Player', { exact: true }).selectOption({ label: inc.player });
  return sheet;
}

test('R-VII.L.2.7 / R-VII.Q.1 in the tie-breaker: a failed machine is replaced by HOME and the game restarts; a confirmed slam tilt decides the match', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.toEightAll();
  await evening.tiebreaker(false);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  const fanTb = fan.page.getByTestId('tiebreaker');

  // HOME's 5,000,000 is in when Dragon Forge's flipper dies: AWAY records it, the machine to come out.
  await evening.home.send({ type: 'enterTiebreakerScore', payload: { side: 'HOME', points: 5_000_000 } });
  await evening.confirmAll();
  await expect(fanTb.getByTestId('tb-score-HOME')).toHaveText('5,000,000');
  const failure = await fillTiebreakerIncident(away, { kind: 'Major machine failure (R-VII.L.2.3)', action: 'Take the machine out, move the game (R-VII.L.2.3)' });
  // The tie-breaker offers only what applies to one 2-player game.
  await expect(failure.getByLabel('What happened').locator('option', { hasText: 'Logged-in' })).toHaveCount(0);
  await expect(failure.getByRole('group', { name: 'What the captains decided' }).getByRole('button')).toHaveCount(3);
  await expect(failure.getByTestId('verdict')).toContainText('Can be recorded; the other captain confirms it (MR-4)');
  await away.capture('39a-tiebreaker-incident-form');
  await failure.getByRole('button', { name: 'Record incident' }).click();
  await expect(failure).toBeHidden();
  await expect(fanTb.getByTestId('tb-incident')).toContainText('If confirmed: Dragon Forge is out of the match; HOME picks the next machine');

  await home.tab('Play');
  await home.page.getByRole('button', { name: 'Confirm tie-breaker incident: Major machine failure', exact: true }).click();
  // Out: HOME picks, AWAY waits, and the 5,000,000 no longer counts (R-VII.L.2.7.2).
  await expect(away.page.getByTestId('tiebreaker')).toContainText('waiting for HOME to pick the next one (R-VII.L.2.7)');
  await expect(fanTb.getByTestId('tb-score-HOME')).toHaveCount(0);
  await expect(home.page.getByRole('button', { name: 'Enter tie-breaker score for HOME' })).toHaveCount(0); // no machine, no play
  const picker = home.page.getByRole('group', { name: 'Next tie-breaker machine' });
  await expect(picker.getByRole('button', { name: 'Dragon Forge' })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Comet Quest' }).click();
  await home.page.getByTestId('tiebreaker').scrollIntoViewIfNeeded();
  await home.capture('39b-tiebreaker-next-machine');
  await home.page.getByRole('button', { name: 'Move the tie-breaker to Comet Quest' }).click();
  await expect(fanTb).toContainText('Split Flipper on Comet Quest');

  // Played again on Comet Quest: HOME scores higher, and wins until AWAY's slam tilt claim against Cy is confirmed.
  await evening.home.send({ type: 'enterTiebreakerScore', payload: { side: 'HOME', points: 31_000_000 } });
  await evening.away.send({ type: 'enterTiebreakerScore', payload: { side: 'AWAY', points: 27_500_000 } });
  await evening.confirmAll();
  await expect(fanTb.getByTestId('tb-result')).toHaveText('HOME wins the tie-breaker and the match.');

  const tilt = await fillTiebreakerIncident(away, { kind: 'Slam tilt (R-VII.Q.1)', side: 'HOME', player: 'Cy Spinner' });
  await tilt.getByRole('button', { name: 'Record incident' }).click();
  await expect(tilt).toBeHidden();
  const pending = fanTb.getByTestId('tb-incident').filter({ hasText: 'Slam tilt' });
  await expect(pending).toContainText('If confirmed: HOME loses the tie-breaker and the match (R-VII.Q.1)');
  await expect(fanTb.getByTestId('tb-result')).toHaveText('HOME wins the tie-breaker and the match.');
  await home.page.getByRole('button', { name: 'Confirm tie-breaker incident: Slam tilt', exact: true }).click();
  for (const p of [home, away, fan]) await expect(p.page.getByTestId('tb-result')).toHaveText('AWAY wins the tie-breaker and the match.');
  await fanTb.getByTestId('tb-incident').last().scrollIntoViewIfNeeded();
  await fan.capture('39c-spectator-tiebreaker-slam-tilt');

  const types = (await matchEvents(request, links.matchId)).map((e) => e.event.type);
  expect(types.filter((t) => t === 'TiebreakerMachineFailed' || t === 'TiebreakerMachineReplaced')).toEqual(['TiebreakerMachineFailed', 'TiebreakerMachineReplaced']);
  evening.close();
});
