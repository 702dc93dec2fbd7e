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
