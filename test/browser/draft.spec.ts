import { expect, test } from '@playwright/test';
import { createMatch } from './matches';
import { Phone } from './phone';
import { Evening } from './script';

/**
 * MR-6: a lineup being prepared is shared live with the team's other captain phone, and with nobody else, until
 * it is declared.
 */
test('MR-6: a lineup draft reaches the team’s other captain phone and not the other team', async ({ browser, request }) => {
  const links = await createMatch(request);
  const evening = await Evening.start(request, links);
  await evening.arrive();
  const first = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY phone 1');
  const second = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY phone 2');
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  for (const p of [first, second, home]) await p.tab('Play');

  await first.page.getByRole('group', { name: 'Game 1 machine' }).getByRole('button', { name: /^Dragon Forge/ }).click();
  await first.page.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: /^Kai Ramp/ }).click();
  await expect(second.page.getByRole('group', { name: 'Game 1 machine' }).getByRole('button', { name: /^Dragon Forge/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(second.page.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: /^Kai Ramp/ })).toHaveAttribute('aria-pressed', 'true');
  // The second phone carries on from there; the first follows.
  await second.page.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: /^Lu Orbit/ }).click();
  await expect(first.page.getByRole('group', { name: 'Game 1 players' }).getByRole('button', { name: /^Lu Orbit/ })).toHaveAttribute('aria-pressed', 'true');

  await expect(home.page.getByRole('region', { name: 'Game 1' })).toContainText('machine not picked yet');
  await expect(home.page.getByRole('region', { name: 'Game 1' })).not.toContainText('Kai Ramp');

  evening.close();
  for (const p of [first, second, home]) await p.close();
});
