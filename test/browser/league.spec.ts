import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, challengeRoundOne, createBracketSeason, createLeagueSeason, leagueDate, TIME_ZONE } from './leagueSetup';
import { baseUrl, matchEvents } from './matches';
import { axeClean, Phone, phoneFriendly } from './phone';

/**
 * Issue 5: the league pages on a 390 x 844 phone, through the UI, as a commissioner and a captain use them. Each
 * page visited is also saved under test-results/screens/ (6x-7x) with an axe check, no horizontal scroll and tap
 * targets of at least 44 px (phone.ts).
 */

async function capture(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screens', { recursive: true });
  // What the phone shows (viewport), and the whole page for a person to scroll through.
  await page.screenshot({ path: `test-results/screens/${name}.png` });
  await page.screenshot({ path: `test-results/screens/${name}-full.png`, fullPage: true });
  await phoneFriendly(page, name);
  await axeClean(page, name);
}

/** A league date as the pages show it: "Mon 30 Nov". */
const dayText = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** The standings row of a team: its cells are #, Team, W–L, Pct, Pts. */
async function expectRow(page: Page, team: string, cells: [pos: string, wl: string, pct: string, pts: string]): Promise<void> {
  const row = page.locator('table.standings tbody tr').filter({ has: page.getByRole('link', { name: team, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td')).toHaveText([cells[0], new RegExp(`^${team}`), cells[1], cells[2], cells[3]]);
}

async function signIn(page: Page, seasonId: string): Promise<void> {
  await page.goto(`/league/${seasonId}/admin`);
  await page.getByLabel('Commissioner token').fill(process.env.LN_ADMIN_TOKEN ?? '');
  await page.getByRole('button', { name: 'Use for this tab' }).click();
}

/** A card of the admin page by its heading. */
const card = (page: Page, title: string): Locator => page.locator('form, section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('commissioner: sets up a season, imports JSON and CSV, schedules a match whose captain link opens it, records a forfeit 0 v 9 (R-VII.H.1, CALC-3)', async ({ page, browser }) => {
  const tag = randomBytes(3).toString('hex');
  const sid = `c-${tag}`;
  const home = { id: `fiends-${tag}`, name: 'Flipper Fiends' };
  const away = { id: `tilt-${tag}`, name: 'Tilt Warriors' };
  // From the seasons list to the new season's admin page.
  await page.goto('/league');
  await page.getByLabel('New season id').fill(sid);
  await page.getByRole('button', { name: 'Set it up' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/league/${sid}/admin`);
  await page.getByLabel('Commissioner token').fill(process.env.LN_ADMIN_TOKEN ?? '');
  await page.getByRole('button', { name: 'Use for this tab' }).click();

  const season = card(page, `Season ${sid}`);
  await season.getByLabel('Name', { exact: true }).fill(`Winter ${tag}`);
  await season.getByLabel('League time zone').fill(TIME_ZONE);
  await season.getByLabel('Regular season starts').fill(leagueDate(1));
  await season.getByLabel('Regular season ends').fill(leagueDate(90));
  await season.getByLabel('Conferences, one per line: id, name, day').fill('main, Main, MON');
  await season.getByRole('button', { name: 'Save season' }).click();
  await expect(season.getByRole('status')).toHaveText('Season saved.');

  const importCard = card(page, 'Import');
  const pid = (p: string) => `${p}-${tag}`;
  const players = ['H', 'A'].flatMap((p) => Array.from({ length: 8 }, (_, i) => ({ id: pid(`${p}${i + 1}`), name: `${p === 'H' ? 'Home' : 'Away'} Player ${i + 1}`, ifpaNumber: null, ifpaRank: i === 0 && p === 'H' ? 140 : null })));
  const venue = (id: string) => ({ id, name: `Bar ${id}`, machines: [1, 2, 3, 4].map((i) => ({ id: `M${i}`, name: `Machine ${i}`, kind: 'FOUR_PLAYER' })) });
  await importCard.getByLabel('What').selectOption('json');
  await importCard.getByLabel('Data').fill(JSON.stringify({ players, venues: [venue(`bar-h-${tag}`), venue(`bar-a-${tag}`)] }));
  await importCard.getByRole('button', { name: 'Import' }).click();
  await expect(importCard.getByRole('status')).toHaveText('Imported: 16 players, 2 venues, 0 teams, 0 rosters.');
  await importCard.getByLabel('What').selectOption('teams');
  await importCard.getByLabel('Data').fill(`id,name,conferenceId,homeVenueId,weekday\n${home.id},${home.name},main,bar-h-${tag},MON\n${away.id},"${away.name}",main,bar-a-${tag},Monday`);
  await importCard.getByRole('button', { name: 'Import' }).click();
  await expect(importCard.getByRole('status')).toHaveText('Imported: 0 players, 0 venues, 2 teams, 0 rosters.');
  const rosterRows = [['H', home.id], ['A', away.id]].flatMap(([p, team]) => Array.from({ length: 8 }, (_, i) => `${team},${pid(`${p}${i + 1}`)},${i === 7 ? 'RESERVE' : 'STARTER'},${i === 0 ? 'yes' : ''}`));
  await importCard.getByLabel('What').selectOption('rosters');
  await importCard.getByLabel('Data').fill(['teamId,playerId,status,captain', ...rosterRows].join('\n'));
  await importCard.getByRole('button', { name: 'Import' }).click();
  await expect(importCard.getByRole('status')).toHaveText('Imported: 0 players, 0 venues, 0 teams, 2 rosters.');
  await capture(page, '60-admin-season-imported');

  // Schedule tomorrow's match and open its room: the captain links appear once.
  const schedule = card(page, 'Schedule a match');
  const matchId = `w1-${tag}`;
  await schedule.getByLabel('Match id').fill(matchId);
  await schedule.getByLabel('Date').fill(leagueDate(1));
  await schedule.getByLabel('HOME team id').fill(home.id);
  // The id fields suggest the season's teams by name (reloaded on focus, so the teams just imported are there).
  await expect(page.locator(`#league-team-ids option[value="${home.id}"]`)).toHaveText(home.name);
  await schedule.getByLabel('AWAY team id').fill(away.id);
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(schedule.getByRole('status').first()).toHaveText('Scheduled.');
  await schedule.getByRole('button', { name: 'Open the match room' }).click();
  await expect(schedule.getByText('Room open. Send each captain their link now: it is shown only once.')).toBeVisible();
  const homeLink = schedule.locator('.link').filter({ hasText: 'HOME captain' }).getByRole('link');
  const awayLink = schedule.locator('.link').filter({ hasText: 'AWAY captain' }).getByRole('link');
  await expect(homeLink).toHaveAttribute('href', new RegExp(`^${baseUrl()}/m/${matchId}\\?t=[A-Za-z0-9_-]{24}$`));
  await expect(awayLink).toHaveAttribute('href', new RegExp(`^${baseUrl()}/m/${matchId}\\?t=`));
  await expect(schedule.locator('.link').filter({ hasText: 'Public scoresheet' }).getByRole('link')).toHaveAttribute('href', `${baseUrl()}/m/${matchId}`);
  await schedule.getByRole('button', { name: 'Open the match room' }).scrollIntoViewIfNeeded();
  await capture(page, '61-admin-captain-links');
  // The HOME link opens the scoresheet as HOME's captain, with the roster of the match date.
  const captain = await Phone.open(browser, new URL((await homeLink.getAttribute('href'))!).pathname + new URL((await homeLink.getAttribute('href'))!).search, 'HOME');
  await captain.tab('Players');
  await expect(captain.page.getByRole('button', { name: 'Home Player 1 arrived', exact: true })).toBeVisible();
  await captain.close();

  // A second match, forfeited by AWAY, not a full evening: 0 v 9 (R-VII.H.1).
  const m2 = `w2-${tag}`;
  await schedule.getByLabel('Match id').fill(m2);
  await schedule.getByLabel('Date').fill(leagueDate(8));
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(schedule.getByRole('status').first()).toHaveText('Scheduled.');
  const result = card(page, 'Record a result');
  await result.getByLabel('Match id').fill(m2);
  await result.getByLabel('Result').selectOption('FORFEIT');
  await result.getByLabel('Team that forfeits').selectOption('AWAY');
  await result.getByRole('button', { name: 'Record' }).click();
  await expect(result.getByRole('status')).toHaveText('Recorded: the standings count it now.');
  await result.scrollIntoViewIfNeeded();
  await capture(page, '62-admin-forfeit-recorded');

  await page.getByRole('navigation', { name: 'League pages' }).getByRole('link', { name: 'Standings' }).click();
  await expectRow(page, home.name, ['1', '1–0', '1.000', '9']);
  await expectRow(page, away.name, ['2', '0–1', '.000', '0']);
  await capture(page, '63-standings-after-forfeit');

  await page.getByRole('navigation', { name: 'League pages' }).getByRole('link', { name: 'Schedule' }).click();
  const matches = page.getByRole('listitem').filter({ hasText: home.name });
  await expect(matches).toHaveCount(2);
  await expect(matches.nth(0)).toContainText(dayText(leagueDate(1)));
  await expect(matches.nth(0).getByRole('link', { name: 'Scoresheet' })).toHaveAttribute('href', `/m/${matchId}`);
  await expect(matches.nth(1)).toContainText(dayText(leagueDate(8)));
  await expect(matches.nth(1).locator('.num')).toHaveText('9 – 0');
  await expect(matches.nth(1)).toContainText('forfeit');
  await capture(page, '64-schedule-results');

  // Deleting: the forfeited match counts and stays; the unplayed one with its room open but empty may go.
  await page.getByRole('navigation', { name: 'League pages' }).getByRole('link', { name: 'Admin' }).click();
  const remove = card(page, 'Delete');
  await remove.getByLabel('Match id').fill(m2);
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove.getByRole('alert')).toContainText('counts in the standings');
  await remove.getByLabel('What').selectOption('teams');
  await remove.getByLabel('Team id').fill(home.id);
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove.getByRole('alert')).toContainText(`${home.name} is on the schedule: ${matchId}`);
});

test('R-VII.D.2.4: a challenged match is settled with a ruling on the admin page; the standings count the ruling', async ({ page, request }) => {
  const season = await createLeagueSeason(request);
  await signIn(page, season.seasonId);
  const result = card(page, 'Record a result');
  await result.getByLabel('Match id').fill(season.matchId);
  await result.getByLabel('Result').selectOption('RULING');
  await result.getByLabel('Ruling').fill('Game 1 replayed in full; AWAY wins it.');
  await result.getByLabel('The scoresheet stands as played').uncheck();
  await result.getByLabel('Winner').selectOption('AWAY');
  await result.getByLabel('HOME points').fill('7');
  await result.getByLabel('AWAY points').fill('9');
  // Nothing challenged yet: refused with the rule.
  await result.getByRole('button', { name: 'Record' }).click();
  await expect(result.getByRole('alert')).toContainText('There is no challenge in this match to rule on; record a whole-match result instead. (R-VII.D.2.4)');

  const state = await challengeRoundOne(season);
  expect(state.challenges).toEqual([expect.objectContaining({ by: 'AWAY', round: 1, game: 1, status: 'OPEN' })]);
  await result.getByRole('button', { name: 'Record' }).click();
  await expect(result.getByRole('status')).toHaveText('Recorded: the standings count it now.');
  await result.scrollIntoViewIfNeeded();
  await capture(page, '70-admin-ruling');

  await page.goto(`/league/${season.seasonId}`);
  await expectRow(page, season.away.name, ['1', '1–0', '1.000', '9']);
  await expectRow(page, season.home.name, ['2', '0–1', '.000', '7']);
  await page.goto(`/league/${season.seasonId}/schedule`);
  await expect(page.getByRole('listitem').filter({ hasText: season.home.name }).locator('.num')).toHaveText('7 – 9');
  await expect(page.getByRole('listitem').filter({ hasText: season.home.name })).toContainText('ruling (R-VII.D.2.4): Game 1 replayed in full; AWAY wins it.');
});

test('team page: starters, reserves, captains and the top-150 flag (R-II.A, R-II.B.2); a captain asks for a change with their link, the commissioner enters it (OQ-27b, R-II.C.3)', async ({ browser, page, request }) => {
  const season = await createLeagueSeason(request);
  const tag = season.seasonId.slice(2);
  // The season's top-150 list (R-II.B.2): Home Player 2 is ranked 99.
  await admin(request, 'PUT', `/players/H2-${tag}`, { name: 'Home Player 2', ifpaNumber: 4242, ifpaRank: 99 }, 200);
  await admin(request, 'POST', `/seasons/${season.seasonId}/restricted-list`, { referenceDate: leagueDate(0) }, 200);

  // The HOME captain opened their captain link on this phone; then the team page from the standings.
  const phone = await Phone.open(browser, `/m/${season.matchId}?t=${season.tokens.HOME}`, 'HOME');
  const team = phone.page;
  await team.goto(`/league/${season.seasonId}`);
  await team.getByRole('link', { name: season.home.name, exact: true }).click();
  await expect(team.getByRole('heading', { level: 1 })).toHaveText(season.home.name);
  // The registration counts from the match date: the page shows that roster (nothing is in force today).
  await expect(team.getByText(/^Plays Mondays · roster on/)).toBeVisible();
  const starters = team.getByRole('list', { name: 'Starters' }).getByRole('listitem');
  await expect(starters).toHaveCount(7);
  await expect(starters.nth(0)).toContainText('Home Player 1');
  await expect(starters.nth(0)).toContainText('Captain');
  await expect(starters.nth(1)).toContainText('Home Player 2');
  await expect(starters.nth(1)).toContainText('Top 150');
  await expect(starters.nth(1)).toContainText('IFPA #99');
  await expect(team.getByRole('list', { name: 'Reserves' }).getByRole('listitem')).toHaveText(['Home Player 8']);
  const deadline = team.getByRole('region', { name: 'Roster deadline' });
  await expect(deadline).toContainText(/Changes for today, .* must be in by 16:00 \(America\/Chicago\)|Too late for today: the deadline was 16:00 \(America\/Chicago\)/);
  await capture(team, '65-team-page');

  // The captain asks: Home Player 7 becomes a reserve from the match date.
  const ask = team.locator('form').filter({ has: team.getByRole('heading', { name: 'Ask the commissioner for a change' }) });
  await expect(ask.getByLabel('I am')).toHaveValue(`H1-${tag}`);
  await expect(ask).toContainText(`Sent with your captain link of ${season.matchId}.`);
  await ask.getByLabel('Change').selectOption('RESERVE');
  await ask.getByLabel('Player', { exact: true }).selectOption({ label: 'Home Player 7' });
  await ask.getByRole('button', { name: 'Add to the request' }).click();
  await expect(ask.getByRole('list', { name: 'This request' })).toContainText('Home Player 7 becomes a reserve');
  await ask.getByLabel('Takes effect on').fill(leagueDate(1));
  await ask.getByLabel('Note for the commissioner (optional)').fill('Sam has a sore wrist');
  await ask.scrollIntoViewIfNeeded();
  await capture(team, '66-team-request-form');
  await ask.getByRole('button', { name: 'Send to the commissioner' }).click();
  await expect(ask.getByRole('status')).toContainText('Sent');
  const requests = team.getByRole('list', { name: 'Requests to the commissioner' }).getByRole('listitem');
  await expect(requests).toHaveCount(1);
  await expect(requests.nth(0)).toContainText('Waiting for the commissioner');
  await expect(requests.nth(0)).toContainText('Asked by Home Player 1 with a captain link · “Sam has a sore wrist”');

  // The commissioner sees it, with the link it came with, and enters it.
  await signIn(page, season.seasonId);
  const waiting = page.getByRole('article', { name: `Request from ${season.home.name}` });
  await expect(waiting).toContainText('Home Player 7 becomes a reserve');
  await expect(waiting).toContainText(`captain link of ${season.matchId}`);
  await capture(page, '67-admin-requests');
  await waiting.getByRole('button', { name: 'Enter' }).click();
  await expect(page.locator('section').filter({ has: page.getByRole('heading', { name: /^Captains' requests/ }) }).getByRole('status')).toHaveText('Done: the captain sees it on the team page.');
  await expect(page.getByRole('heading', { name: "Captains' requests (0 waiting)" })).toBeVisible();

  await team.reload();
  await expect(requests.nth(0)).toContainText('Entered');
  await expect(team.getByRole('list', { name: 'Reserves' }).getByRole('listitem')).toHaveText(['Home Player 7', 'Home Player 8']);
  await capture(team, '68-team-request-entered');
  await phone.close();
});

test('R-V.A.1, R-V.A.3.2, OQ-24: the playoff bracket seeds six teams from the standings; seeds 1 and 2 have byes, round 1 is 3 v 6 and 4 v 5', async ({ page, request }) => {
  const season = await createBracketSeason(request);
  const [s1, s2, s3, s4, s5, s6] = season.bySeed as [string, string, string, string, string, string];
  await page.goto(`/league/${season.seasonId}`);
  await expectRow(page, s1, ['1', '2–0', '1.000', '24']);
  await expectRow(page, s2, ['2', '1–0', '1.000', '12']);
  await expectRow(page, s3, ['3', '1–0', '1.000', '9']);
  await expectRow(page, s4, ['4', '1–1', '.500', '9']);
  await expectRow(page, s5, ['5', '1–2', '.333', '9']);
  await expectRow(page, s6, ['6', '0–3', '.000', '0']);
  await capture(page, '69-standings-six');

  await page.getByRole('navigation', { name: 'League pages' }).getByRole('link', { name: 'Playoffs' }).click();
  // Every scheduled match counts, but the season runs for two more months: the seeds are not final (R-V.A.3.2).
  await expect(page.getByTestId('seeding')).toHaveText(/^Provisional: the regular season runs until .+\. Drawn from the standings/);
  await capture(page, '71a-bracket-provisional');
  // The commissioner ends the regular season yesterday: with every match counted, the standings are final.
  const current = (await (await request.get(`/api/league/seasons/${season.seasonId}`)).json()) as { season: Record<string, unknown> & { regularSeason: { start: string } } };
  await admin(request, 'PUT', `/seasons/${season.seasonId}`, { ...current.season, regularSeason: { start: current.season.regularSeason.start, end: leagueDate(-1) } }, 200);
  await page.reload();
  await expect(page.getByTestId('seeding')).toHaveText('Final seeds: the regular season is over (R-V.A.3.2).');
  const round1 = page.getByRole('list', { name: 'Round 1' }).getByRole('listitem');
  // Slots top to bottom: 1 waits for the winner of 4 v 5, 2 for the winner of 3 v 6 (R-V.A.3.1, OQ-24: byes to the top seeds).
  await expect(round1).toHaveText([`(1) ${s1} bye`, new RegExp(`^\\(4\\) ${s4}.*\\(5\\) ${s5}$`), `(2) ${s2} bye`, new RegExp(`^\\(3\\) ${s3}.*\\(6\\) ${s6}$`)]);
  const semis = page.getByRole('list', { name: 'Semi-finals' }).getByRole('listitem');
  await expect(semis).toHaveText([new RegExp(`^\\(1\\) ${s1}.*to be decided$`), new RegExp(`^\\(2\\) ${s2}.*to be decided$`)]);
  await expect(page.getByRole('list', { name: 'Final', exact: true }).getByRole('listitem')).toHaveText(/to be decided.*to be decided/);
  await expect(page.getByText(/^Provisional/)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'League pages' }).getByRole('link', { name: 'Standings' }).click();
  await expect(page.getByRole('heading', { name: 'Main · final' })).toBeVisible();
  await page.getByRole('navigation', { name: 'League pages' }).getByRole('link', { name: 'Playoffs' }).click();
  // The bracket's page has loaded before it is captured: a screenshot taken while the navigation commits fails.
  await expect(page.getByTestId('seeding')).toHaveText('Final seeds: the regular season is over (R-V.A.3.2).');
  await capture(page, '71-bracket');
});

test('the seasons list and the provisional bracket of a two-team season are phone-friendly too (R-V.A.3.2)', async ({ page, request }) => {
  const season = await createLeagueSeason(request);
  await page.goto('/league');
  await expect(page.getByRole('link', { name: `Browser season ${season.seasonId.slice(2)}` })).toBeVisible();
  await capture(page, '72-league-seasons');
  await page.goto(`/league/${season.seasonId}/bracket`);
  await expect(page.getByRole('list', { name: /Round 1|Semi-finals/ }).first().or(page.getByText(/Seeds wait|Provisional/).first())).toBeVisible();
  await capture(page, '73-bracket-two-teams');
});

test('a match taken off the schedule: the captain already holding its scoresheet taps a player in and is told why it is refused; nothing is stored', async ({ browser, request }) => {
  const season = await createLeagueSeason(request);
  const home = await Phone.open(browser, `/m/${season.matchId}?t=${season.tokens.HOME}`, 'HOME');
  await admin(request, 'DELETE', `/seasons/${season.seasonId}/schedule/${season.matchId}`, undefined, 200);
  await home.arrive(['Home Player 1']);
  const refused = home.page.getByTestId('notice').filter({ hasText: 'Refused by the scoresheet' });
  await expect(refused).toContainText('took this match off the schedule');
  await expect(refused).toHaveAttribute('data-rule', 'SCHEDULE');
  await capture(home.page, '74-withdrawn-match-refused');
  expect(await matchEvents(request, season.matchId)).toEqual([]);
  await home.close();
});

test('MR-1: the commissioner replaces a captain link: the phone holding the old one is told why, the new one takes the seat', async ({ browser, page, request }) => {
  const season = await createLeagueSeason(request);
  const oldAway = await Phone.open(browser, `/m/${season.matchId}?t=${season.tokens.AWAY}`, 'AWAY (old link)');
  await signIn(page, season.seasonId);
  const replace = card(page, 'Replace a captain link');
  await replace.getByLabel('Match id').fill(season.matchId);
  await replace.getByLabel('Team').selectOption('AWAY');
  await replace.getByRole('button', { name: 'Replace link' }).click();
  await expect(replace.getByRole('status')).toHaveText("The AWAY captain's current link stops working and their phones are disconnected. Tap again to replace it.");
  await replace.scrollIntoViewIfNeeded();
  await capture(page, '75-admin-replace-link-armed');
  await replace.getByRole('button', { name: 'Yes, replace the AWAY link' }).click();
  await expect(replace).toContainText('New link issued');
  const link = replace.getByRole('link', { name: new RegExp(`/m/${season.matchId}\\?t=`) });
  const href = await link.getAttribute('href');
  expect(href).not.toContain(season.tokens.AWAY);

  // The old phone was disconnected; reconnecting, it is refused with the reason and keeps no captain seat.
  await expect(oldAway.page.getByRole('alert')).toContainText('captain link was replaced by the commissioner');
  await expect(oldAway.page.getByRole('heading', { name: 'This link no longer opens the match' })).toBeVisible();
  await capture(oldAway.page, '75b-old-captain-link-refused');
  // The new link is AWAY's captain.
  const newAway = await Phone.open(browser, new URL(href!).pathname + new URL(href!).search, 'AWAY (new link)');
  await expect(newAway.page.getByTestId('connection')).toContainText('AWAY');

  // The old phone falls back to following the match, as the public spectator link would, in one tap.
  await oldAway.page.getByRole('button', { name: 'Follow as spectator' }).click();
  await expect(oldAway.page.getByRole('heading', { name: 'This link no longer opens the match' })).toHaveCount(0);
  await expect(oldAway.page.getByTestId('connection')).toContainText('Live');
  await expect(oldAway.page.getByTestId('connection')).toContainText('Following');
  const tabs = oldAway.page.getByRole('navigation', { name: 'Screens' });
  await expect(tabs.getByRole('button', { name: /^Live/ })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('button', { name: /^Play/ })).toHaveCount(0);
  await expect(oldAway.page).toHaveURL(new RegExp(`/m/${season.matchId}#live$`));
  // Live: the new AWAY captain marks a player present and the old phone sees it as it happens.
  await expect(oldAway.page.getByTestId('present-AWAY')).toHaveText('0 here');
  await newAway.arrive(['Away Player 1']);
  await expect(oldAway.page.getByTestId('present-AWAY')).toHaveText('1 here');
  await capture(oldAway.page, '94-old-captain-link-following');
  // It stays a spectator's phone: reopened, it follows the match instead of showing the refusal again.
  await oldAway.page.reload();
  await expect(oldAway.page.getByTestId('connection')).toContainText('Live');
  await expect(oldAway.page.getByRole('heading', { name: 'This link no longer opens the match' })).toHaveCount(0);
  await expect(oldAway.page.getByTestId('present-AWAY')).toHaveText('1 here');
  for (const p of [oldAway, newAway]) await p.close();
});
