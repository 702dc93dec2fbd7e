import { expect, test } from '@playwright/test';
import { baseUrl, createMatch } from './matches';
import { Phone } from './phone';

/**
 * OQ-30 (R-II.0.2): neither of HOME's rostered captains (Alice Ballsave, Bo Multiball) came. Whoever holds HOME's
 * captain link names a present player acting captain for the match; everyone sees it, and the history records it.
 */
test('OQ-30: with no rostered captain present, the team names an acting captain that everyone sees', async ({ browser, request }) => {
  const links = await createMatch(request);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const spectator = await Phone.open(browser, links.spectatorLink, 'spectator');
  await home.arrive(['Cy Spinner', 'Dana Drain', 'Ed Outlane']);

  const choose = home.page.getByRole('group', { name: /No captain of the team is here/ });
  await expect(choose).toBeVisible();
  await home.capture('91-acting-captain-choose');
  await choose.getByRole('button', { name: 'Make Dana Drain acting captain' }).click();
  await expect(choose).toBeHidden();
  const homeList = home.page.getByTestId('attendance-HOME');
  await expect(homeList.getByRole('listitem').filter({ hasText: 'Dana Drain' }).getByTestId('acting-captain')).toHaveText('acting C');

  await spectator.tab('Live');
  await expect(spectator.page.getByTestId('attendance-HOME').getByTestId('acting-captain')).toHaveCount(1);
  await spectator.tab('History');
  await expect(spectator.page.getByText('Dana Drain is acting captain of HOME for this match (OQ-30)')).toBeVisible();
  // The printable scoresheet names who answered for the team, next to its signature line; so does the CSV.
  const sheet = await spectator.context.newPage();
  await sheet.goto(`${baseUrl()}/m/${links.matchId}/sheet`);
  await expect(sheet.getByText('acting captain Dana Drain (OQ-30)')).toBeVisible();
  await sheet.close();
  const csv = await (await request.get(`${baseUrl()}/api/matches/${links.matchId}/export.csv`)).text();
  expect(csv).toContain('"acting captain","","","","Dana Drain"');

  // The acting captain leaves: the choice is offered again; a rostered captain arriving ends the need for one.
  await home.tab('Players');
  await homeList.getByRole('button', { name: 'Dana Drain left' }).click();
  await homeList.getByRole('button', { name: 'Dana Drain left' }).click();
  await expect(choose).toBeVisible();
  await expect(choose.getByRole('button', { name: /Dana Drain/ })).toHaveCount(0);
  await home.page.getByRole('button', { name: 'Alice Ballsave arrived', exact: true }).click();
  await expect(choose).toBeHidden();

  for (const p of [home, spectator]) await p.close();
});
