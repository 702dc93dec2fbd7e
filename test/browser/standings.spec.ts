import { expect, test, type Locator, type Page } from '@playwright/test';
import { matchResult } from '../../shared/index';
import { createLeagueSeason, playAndSignHomeWin } from './leagueSetup';

/**
 * Issue 5: a signed match moves the standings page (CALC-4). A two-team season is built through the league REST
 * API and its one match's room opened; the standings page on a phone shows both teams at 0–0 with 0 points. The
 * captains then play the whole evening (HOME wins every game, 16-0) and both sign, through the wire protocol; the
 * page must then show HOME first at 1–0 with 16 match points and AWAY at 0–1 with 0.
 */

/** The standings row of a team: its cells are #, Team, W–L, Pct, Pts. */
const row = (page: Page, team: string): Locator => page.locator('table.standings tbody tr').filter({ has: page.getByRole('link', { name: team, exact: true }) });

async function expectRow(page: Page, team: string, cells: { wl: string; pct: string; pts: string }): Promise<void> {
  const r = row(page, team);
  await expect(r).toHaveCount(1);
  await expect(r.locator('td').nth(2)).toHaveText(cells.wl);
  await expect(r.locator('td').nth(3)).toHaveText(cells.pct);
  await expect(r.locator('td').nth(4)).toHaveText(cells.pts);
}

test('a match signed by both captains moves the standings page: the winner shows 1–0 and its 16 match points', async ({ page, request }) => {
  const season = await createLeagueSeason(request);
  const { home, away } = season;

  // The season's standings page (LeagueNav: /league/<season> is the standings tab), on a 390 x 844 phone.
  await page.goto(`/league/${season.seasonId}`);
  await expect(page.getByRole('link', { name: 'Standings' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('table.standings tbody tr')).toHaveCount(2);
  await expectRow(page, home.name, { wl: '0–0', pct: '.000', pts: '0' });
  await expectRow(page, away.name, { wl: '0–0', pct: '.000', pts: '0' });

  const final = await playAndSignHomeWin(season);
  expect(matchResult(final)).toMatchObject({ status: 'DECIDED', winner: 'HOME', points: { HOME: 16, AWAY: 0 } });
  expect(final.signoffs.HOME).not.toBeNull();
  expect(final.signoffs.AWAY).not.toBeNull();

  // The page refreshes itself every 30 s while visible; reloading shows the new table at once, which keeps the test
  // fast and makes what is asserted the server's standings after the signature, not the timing of the refresh.
  await page.reload();
  const rows = page.locator('table.standings tbody tr');
  await expect(rows).toHaveCount(2);
  await expectRow(page, home.name, { wl: '1–0', pct: '1.000', pts: '16' });
  await expectRow(page, away.name, { wl: '0–1', pct: '.000', pts: '0' });
  // The winner leads: first row, position 1; the loser second.
  await expect(rows.nth(0).locator('td').nth(0)).toHaveText('1');
  await expect(rows.nth(0).locator('td').nth(1)).toContainText(home.name);
  await expect(rows.nth(1).locator('td').nth(0)).toHaveText('2');
  await expect(rows.nth(1).locator('td').nth(1)).toContainText(away.name);

  await page.screenshot({ path: 'test-results/screens/50-standings-after-signoff.png', fullPage: true });
});
