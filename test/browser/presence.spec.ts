import { expect, test } from '@playwright/test';
import { createMatch } from './matches';
import { Phone } from './phone';

/**
 * Who keeps the sheet: each captain sees whether the other team's captain has the match open, a spectator which
 * captains are on. The server counts the phones on each captain link; a phone that closes is announced after a
 * short pause (a dropped phone that comes straight back never shows as gone).
 */
test('captains see whether the other captain is connected, and a spectator sees which captains are', async ({ browser, request }) => {
  const links = await createMatch(request);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const presence = (p: Phone) => p.page.getByTestId('presence');
  await expect(presence(home)).toHaveText('AWAY captain not connected');
  await expect(presence(home)).toHaveAttribute('data-on', 'false');

  const spectator = await Phone.open(browser, links.spectatorLink, 'spectator');
  await expect(presence(spectator)).toHaveText('Only HOME captain connected');

  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  await expect(presence(home)).toHaveText('AWAY captain connected');
  await expect(presence(home)).toHaveAttribute('data-on', 'true');
  await expect(presence(away)).toHaveText('HOME captain connected');
  await expect(presence(spectator)).toHaveText('Both captains connected');
  await home.capture('89-presence-captain');
  await spectator.capture('90-presence-spectator');

  await away.close();
  await expect(presence(home)).toHaveText('AWAY captain not connected');
  await expect(presence(spectator)).toHaveText('Only HOME captain connected');

  // A phone going offline shows no count at all rather than an old one.
  await spectator.context.setOffline(true);
  await expect(spectator.page.getByTestId('connection')).toContainText('Offline');
  await expect(presence(spectator)).toHaveCount(0);
  await spectator.context.setOffline(false);
  await expect(presence(spectator)).toHaveText('Only HOME captain connected');

  for (const p of [home, spectator]) await p.close();
});

/**
 * A captain taps players in one after the other. Each tap shows "1 change sending" in the bar until the server has
 * stored it; on a slow link that is a while. The bar must not grow a line for it: the whole screen would move down
 * under the thumb and back up when the answer came, and the next tap would land on the wrong row (a lost tap).
 */
test('the "sending" badge never moves the screen under the thumb, on a slow link with the other captain connected', async ({ browser, request }) => {
  const links = await createMatch(request);
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME', { slowReplies: 800 });
  await expect(home.page.getByTestId('presence')).toHaveText('AWAY captain connected');
  await home.tab('Players');
  const next = home.page.getByRole('button', { name: 'Bo Multiball arrived', exact: true });
  const top = async () => (await next.boundingBox())?.y;
  const before = await top();
  expect(before).toBeDefined();

  await home.page.getByRole('button', { name: 'Alice Ballsave arrived', exact: true }).click();
  await expect(home.page.getByTestId('waiting')).toHaveText('1 change sending');
  await expect(home.page.getByTestId('presence')).toBeVisible();
  expect(await top()).toBe(before);
  await home.capture('91-sending-on-a-slow-link');

  await expect(home.page.getByTestId('waiting')).toHaveCount(0, { timeout: 10_000 });
  await expect(home.page.getByTestId('present-HOME')).toHaveText('1 here');
  expect(await top()).toBe(before);
  await expect(away.page.getByTestId('present-HOME')).toHaveText('1 here');

  for (const p of [home, away]) await p.close();
});
