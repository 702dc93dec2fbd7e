import { expect, test, type Page } from '@playwright/test';
import type { MatchState } from '../../shared/index';
import { baseUrl, createMatch, matchEvents } from './matches';
import { Phone } from './phone';
import { confirmIncident, recordIncident } from './incidentSteps';
import { Evening } from './script';

/**
 * The captains' Match screen: what one captain proposes and the other accepts or declines (MR-3), each with its
 * rule; a lineup keyed wrongly (OQ-37); a resolution (R-VII.D.2.2); the venue closing, HOME moving the match
 * (R-VII.A.1.3) and the other team refusing to move (R-VII.A.1.5); a new date (R-VII.A.1.4); both teams stopping a
 * disputed match (R-VII.D.4.2). Consequences show on both captains' phones and the spectator's.
 */

/** The captains' Match tab ("Match, 1 to answer" when the other captain proposed something). */
const matchTab = (page: Page) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Match(,.*)?$/ });

async function state(phone: Phone, matchId: string): Promise<MatchState> {
  const res = await phone.page.request.get(`${baseUrl()}/api/matches/${matchId}`);
  return ((await res.json()) as { state: MatchState }).state;
}

test('lineup correction, resolution, relocation and a refusal to move, between two captains, seen by a spectator', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  await evening.declare(1);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  // Spectators have no Match tab: they see the consequences in the status lines.
  await expect(matchTab(fan.page)).toHaveCount(0);

  // OQ-37: HOME keyed its pairs wrongly; before any game starts it proposes the lineup it meant.
  await matchTab(home.page).click();
  await home.page.getByRole('button', { name: 'Correct round 1 lineup…' }).click();
  const fix = home.page.getByRole('dialog');
  await fix.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: 'Cy Spinner' }).click();
  await fix.getByRole('group', { name: 'Game 2 players' }).getByRole('button', { name: 'Bo Multiball' }).click();
  await expect(fix.getByTestId('verdict')).toContainText('Allowed');
  await home.capture('50-lineup-correction');
  await fix.getByRole('button', { name: 'Propose correction' }).click();
  await expect(home.page.getByTestId('proposal')).toContainText('You proposed to correct the round 1 lineup');

  await expect(matchTab(away.page)).toHaveAccessibleName('Match, 1 to answer');
  await matchTab(away.page).click();
  const proposal = away.page.getByTestId('proposal');
  await expect(proposal).toContainText('OQ-37');
  await expect(proposal).toContainText('HOME proposes to correct the round 1 lineup');
  // What AWAY confirms: the corrected pairs, and what each replaces.
  await expect(proposal.getByTestId('lineup-fix')).toContainText('G1 Alice Ballsave & Cy Spinner on Comet Quest');
  await expect(proposal.getByTestId('lineup-fix')).toContainText('was Alice Ballsave & Bo Multiball on Comet Quest');
  await away.capture('51-proposal-to-answer');
  await proposal.getByRole('button', { name: 'Agree' }).click();
  await expect(away.page.getByTestId('proposal')).toHaveCount(0);
  await expect.poll(async () => (await state(home, links.matchId)).rounds[0]!.games.map((g) => g.players.HOME)).toEqual([['hawks-1', 'hawks-3'], ['hawks-4', 'hawks-2']]);
  await expect(home.page.getByRole('region', { name: 'Agreements' })).toContainText('agreed');

  // R-VII.D.2.2: AWAY writes down what the captains settled; HOME confirms; everyone sees it.
  await away.page.getByLabel('About').selectOption({ label: 'Round 1 game 1' });
  await away.page.getByLabel('What both captains agree').fill('A stuck ball on Comet Quest is freed by the bartender, play goes on');
  await away.page.getByRole('button', { name: 'Propose resolution' }).click();
  await matchTab(home.page).click();
  await expect(home.page.getByTestId('proposal')).toContainText('R-VII.D.2.2');
  await home.page.getByTestId('proposal').getByRole('button', { name: 'Agree' }).click();
  await expect(fan.page.getByTestId('match-status')).toContainText('A resolution agreed by both captains');
  await fan.page.getByTestId('match-status').getByText('A resolution agreed').click();
  await expect(fan.page.getByTestId('match-status')).toContainText('Agreed by both captains: A stuck ball on Comet Quest');

  // R-VII.A.1: the bar closes. HOME decides where the match moves; not a league venue, so it says why.
  await home.page.getByRole('button', { name: 'Move the match…' }).click();
  await home.page.getByRole('group', { name: 'Why the match moves' }).getByRole('button', { name: /^The venue is closed/ }).click();
  await home.page.getByLabel('New venue').fill('Pinball Palace');
  await home.page.getByRole('button', { name: 'Another place' }).click();
  await home.page.getByLabel(/^Why not a league venue/).fill('No league venue is open on a Monday night');
  await home.page.getByLabel('Machine 1 name').fill('Star Cruiser');
  await home.page.getByRole('button', { name: '+ Add machine' }).click();
  await home.page.getByLabel('Machine 2 name').fill('Jungle Run');
  await home.page.getByLabel('Machine 2 kind').selectOption('TWO_PLAYER');
  await expect(home.page.getByTestId('venue').getByTestId('verdict')).toContainText('new machines');
  await home.page.getByRole('button', { name: 'Move the match', exact: true }).scrollIntoViewIfNeeded();
  await home.capture('52-relocate-form');
  await home.page.getByRole('button', { name: 'Move the match', exact: true }).click();
  await expect(fan.page.getByTestId('match-status')).toContainText('Moved to Pinball Palace (not a league venue: No league venue is open on a Monday night)');
  await expect(away.page.getByTestId('match-status')).toContainText('Moved to Pinball Palace');
  // AWAY cannot move the match itself: the screen says HOME decides, and offers no form.
  await expect(away.page.getByTestId('venue')).toContainText('Playing at Pinball Palace');
  await expect(away.page.getByRole('button', { name: /^Move the match/ })).toHaveCount(0);
  await fan.capture('53-spectator-moved');

  // R-VII.A.1.5: AWAY will not come along. HOME records it (a second tap confirms): AWAY forfeits.
  await home.page.getByRole('button', { name: 'AWAY refuses to move' }).click();
  await home.page.getByRole('button', { name: 'Sure? AWAY refuses' }).click();
  await expect(fan.page.getByTestId('match-status')).toContainText('AWAY refused to move: AWAY forfeits, HOME wins with 12 points.');
  await expect(away.page.getByTestId('match-status')).toContainText('R-VII.A.1.5');
  await fan.capture('54-spectator-refused-to-move');
  await home.page.getByTestId('match-status').scrollIntoViewIfNeeded();
  await home.capture('55-captain-match-screen-after');
  const types = (await matchEvents(request, links.matchId)).map((e) => e.event.type);
  expect(types.filter((t) => ['LineupFixed', 'Relocated', 'RefusalToMoveRecorded'].includes(t))).toEqual(['LineupFixed', 'Relocated', 'RefusalToMoveRecorded']);

  evening.close();
  for (const p of [home, away, fan]) await p.close();
});

test('a new date: declined, then proposed again and agreed; the match stops for everyone', async ({ browser, request }) => {
  const links = await createMatch(request);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');

  await matchTab(away.page).click();
  await away.page.getByLabel('New date').fill('2026-12-07');
  await expect(away.page.getByRole('textbox', { name: 'Venue', exact: true })).toHaveValue('The Silverball Saloon');
  await away.page.getByRole('region', { name: 'Reschedule' }).scrollIntoViewIfNeeded();
  await away.capture('56-reschedule-form');
  await away.page.getByRole('button', { name: 'Propose new date' }).click();

  await matchTab(home.page).click();
  await expect(home.page.getByTestId('proposal')).toContainText('R-VII.A.1.4');
  await expect(home.page.getByTestId('proposal')).toContainText('AWAY proposes to reschedule to 2026-12-07 at The Silverball Saloon');
  await home.page.getByTestId('proposal').getByRole('button', { name: 'Decline' }).click();
  await expect(away.page.getByRole('region', { name: 'Agreements' })).toContainText('declined');
  await expect(fan.page.getByTestId('match-status')).toHaveCount(0);

  await away.page.getByRole('button', { name: 'Propose new date' }).click();
  await home.page.getByTestId('proposal').getByRole('button', { name: 'Agree' }).click();
  for (const p of [home, away, fan]) await expect(p.page.getByTestId('match-status')).toContainText('Rescheduled to 2026-12-07 at The Silverball Saloon. No more play tonight.');
  await fan.capture('57-spectator-rescheduled');
  // The evening is over: HOME's phone refuses a new arrival with the rule, before sending anything.
  await home.tab('Players');
  await home.page.getByRole('button', { name: 'Alice Ballsave arrived' }).click();
  await expect(home.page.getByTestId('notice')).toContainText('R-VII.L.2.8.2');

  for (const p of [home, away, fan]) await p.close();
});

test('both teams stop a disputed match: every unplayed game is void', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  await evening.declare(1);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');

  // Undisputed, a match is played to the end (R-VII.D.4): no way to stop it is offered.
  await matchTab(home.page).click();
  await expect(home.page.getByRole('region', { name: 'Stop the match' })).toContainText('R-VII.D.4');
  await expect(home.page.getByRole('button', { name: /stopping/ })).toHaveCount(0);

  await evening.away.send({ type: 'challengeGame', payload: { round: 1, game: 1, reason: 'HOME practised on Comet Quest' } });
  await home.page.getByRole('button', { name: 'Propose stopping here' }).click();
  await home.page.getByRole('button', { name: 'Sure? Propose stopping' }).click();
  await matchTab(away.page).click();
  await expect(away.page.getByTestId('proposal')).toContainText('R-VII.D.4.2');
  await away.page.getByTestId('proposal').getByRole('button', { name: 'Agree' }).click();
  await expect(fan.page.getByTestId('match-status')).toContainText('Both teams stopped playing: every unplayed game is void.');
  await fan.capture('58-spectator-abandoned');
  const s = await state(home, links.matchId);
  expect(s.abandoned).toBe(true);
  expect(s.rounds.flatMap((r) => r.games).every((g) => g.voided)).toBe(true);

  evening.close();
  for (const p of [home, away, fan]) await p.close();
});

test('R-VII.L.2.8 / R-VII.A.1.5: no machine works any more; the phones say the match moves, the move form starts from that cause, and a team that will not settle it forfeits', async ({ browser, request }) => {
  const evening = await Evening.atRoundOneGames(request);
  const { links } = evening;
  // Game 1 (AWAY picked Comet Quest) loses machine after machine: Comet Quest, then Dragon Forge, then Lone Ranger,
  // each a major failure AWAY records and HOME confirms; AWAY picks the next one each time (R-VII.L.2.7).
  const failAndReplace = async (next: string | null) => {
    await evening.away.send({ type: 'recordIncident', payload: { round: 1, game: 1, incident: { kind: 'MAJOR_FAILURE', side: 'HOME', action: 'ELIMINATE' } } });
    await evening.confirmAll();
    if (next) await evening.away.send({ type: 'replaceMachine', payload: { round: 1, games: [{ game: 1, machineId: next }] } });
  };
  await failAndReplace('dragon-forge');
  await failAndReplace('lone-ranger');
  await failAndReplace(null);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');

  // Twin Rockets still works: nothing moves yet, so nobody can be said to refuse to move (R-VII.A.1.5).
  await matchTab(home.page).click();
  await expect(home.page.getByTestId('venue')).toContainText('while one machine works');
  await expect(home.page.getByRole('button', { name: 'AWAY refuses to move' })).toHaveCount(0);

  // Then Twin Rockets fails too, recorded and confirmed on the phones; HOME reads what confirming means.
  await recordIncident(away, 1, 2, { kind: 'Major machine failure (R-VII.L.2.3)', action: 'Take the machine out, move the game (R-VII.L.2.3)' });
  await home.tab('Play');
  await expect(home.game(1, 2).getByTestId('incident')).toContainText('If confirmed: Twin Rockets is out of the match and no machine works here any more: the match moves or is rescheduled (R-VII.L.2.8)');
  await confirmIncident(home, 1, 2, 'Major machine failure');
  // Every phone says so on both games, and AWAY is not asked to pick a machine that does not exist.
  for (const p of [home, away, fan]) {
    for (const g of [1, 2]) await expect(p.game(1, g).getByTestId('no-machine')).toHaveText('No machine works here any more: the match moves or is rescheduled (R-VII.L.2.8).');
  }
  await expect(away.page.getByRole('group', { name: 'Replacement machine' })).toHaveCount(0);
  await expect(away.game(1, 1)).toContainText('HOME decides where it moves, or both agree a new date, on the Match tab.');
  await away.game(1, 1).scrollIntoViewIfNeeded();
  await away.capture('84-no-machine-works-game-card');

  // HOME's move form starts from "No machine works"; another place needs a reason (R-VII.L.2.8.1.2).
  await matchTab(home.page).click();
  const venue = home.page.getByTestId('venue');
  await expect(venue.getByTestId('no-machine-left')).toContainText('No machine works at The Silverball Saloon any more (R-VII.L.2.8)');
  await home.page.getByRole('button', { name: 'Move the match…' }).click();
  await expect(home.page.getByRole('group', { name: 'Why the match moves' }).getByRole('button', { name: /^No machine works/ })).toHaveAttribute('aria-pressed', 'true');
  await home.page.getByLabel('New venue').fill('Flipper Basement');
  await home.page.getByRole('button', { name: 'Another place' }).click();
  await home.page.getByLabel('Machine 1 name').fill('Star Cruiser');
  await expect(venue.getByTestId('verdict')).toHaveText('✗ R-VII.L.2.8.1.2 The match must move to a regular league venue; say why that is not possible.');
  await venue.getByTestId('verdict').scrollIntoViewIfNeeded();
  await home.capture('85-no-machine-works-move-form');

  // AWAY will not go anywhere tonight. Its own Match tab has no move form (HOME decides) but can say HOME refuses.
  await matchTab(away.page).click();
  await expect(away.page.getByRole('button', { name: /^Move the match/ })).toHaveCount(0);
  await expect(away.page.getByRole('button', { name: 'HOME refuses to move' })).toBeVisible();
  // HOME drops the move and records AWAY's refusal, with a second tap: AWAY forfeits, HOME wins with 12 (CALC-3).
  await home.page.getByRole('button', { name: 'Cancel' }).click();
  await home.page.getByRole('button', { name: 'AWAY refuses to move' }).click();
  await home.page.getByRole('button', { name: 'Sure? AWAY refuses' }).click();
  for (const p of [home, away, fan]) await expect(p.page.getByTestId('match-status')).toContainText('R-VII.A.1.5 AWAY refused to move: AWAY forfeits, HOME wins with 12 points.');
  await expect(fan.page.getByTestId('points-HOME')).toHaveText('12');
  await expect(fan.page.getByTestId('points-AWAY')).toHaveText('0');
  await expect(away.page.getByRole('heading', { name: 'Nothing left to agree' })).toBeVisible();
  await fan.capture('86-spectator-refused-to-move-no-machine');
  const types = (await matchEvents(request, links.matchId)).map((e) => e.event.type);
  expect(types.filter((t) => ['MachineEliminated', 'Relocated', 'RefusalToMoveRecorded'].includes(t))).toEqual(['MachineEliminated', 'MachineEliminated', 'MachineEliminated', 'MachineEliminated', 'RefusalToMoveRecorded']);

  evening.close();
  for (const p of [home, away, fan]) await p.close();
});
