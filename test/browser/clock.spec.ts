import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createMatch } from './matches';
import { Phone } from './phone';

/**
 * The waiting window (R-VI.C.2) counts down on the server's clock, which each phone learns from the `welcome`
 * message's `serverTime`: two captains' phones show the same countdown even when one phone's own clock is minutes
 * off.
 */
const SKEW_MS = 7 * 60_000;

/** Seconds left on the phone's "Window closes in m:ss". */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('countdown').textContent()) ?? '';
  const m = /(\d+):(\d{2})/.exec(text);
  if (!m) throw new Error(`no countdown in "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

test('two captains, one phone clock 7 minutes slow: both count down the waiting window to the same second', async ({ browser, request }) => {
  // Started 2 minutes ago, nobody here yet: the window is open and counting down.
  const links = await createMatch(request, { scheduledStart: Date.now() - 2 * 60_000 });
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');

  const context = await browser.newContext();
  await context.clock.install({ time: Date.now() - SKEW_MS });
  const slow = await context.newPage();
  await slow.goto(baseUrl() + links.captainLinks.AWAY);
  await expect(slow.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  // The offset the slow phone took from the welcome: its clock is 7 minutes behind the server's.
  const offset = await slow.evaluate(() => Number(localStorage.getItem('ln:clock-offset')));
  expect(Math.abs(offset - SKEW_MS)).toBeLessThan(2000);

  await expect(home.page.getByTestId('countdown')).toBeVisible();
  await expect(slow.getByTestId('countdown')).toBeVisible();
  const [a, b] = await Promise.all([secondsLeft(home.page), secondsLeft(slow)]);
  // Each phone redraws once a second on its own beat: at most one second apart.
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
  await expect(slow.getByTestId('window')).toContainText('Window closes in');

  await home.close();
  await context.close();
});

test('R-VI.C: a spectator whose phone clock is set back after it joined sees a player marked present at once, not minutes later', async ({ browser, request }) => {
  const links = await createMatch(request);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');

  const context = await browser.newContext();
  await context.clock.install({ time: Date.now() });
  const fan = await context.newPage();
  await fan.goto(baseUrl() + links.spectatorLink);
  await expect(fan.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
  await expect(fan.getByTestId('present-HOME')).toHaveText('0 here');
  // The phone takes the network's time while the page is open: its clock goes back two minutes. The offset it
  // learnt at the welcome is now two minutes short, and the arrival (stamped this minute) would lie in its future.
  await context.clock.setSystemTime(Date.now() - 2 * 60_000);

  await home.arrive(['Alice Ballsave']);
  await expect(home.page.getByTestId('present-HOME')).toHaveText('1 here');
  await expect(fan.getByTestId('present-HOME')).toHaveText('1 here');

  await home.close();
  await context.close();
});
