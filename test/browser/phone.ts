import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl } from './matches';

/**
 * A phone in the test: its own browser context (its own localStorage, so its own device and remembered captain
 * link), and the taps a captain makes on the scoresheet, by what the screen says.
 */
export class Phone {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly label: string,
  ) {}

  /**
   * `unreachable`: files this phone cannot fetch from the start (counted in `blocked`), as when the bar's wifi went
   * before the page had them all. Such a phone has no service worker, which could have kept them (a page on plain
   * http from a LAN address gets none); Playwright could not see the worker's own fetches anyway.
   */
  static async open(browser: Browser, link: string, label: string, options: { unreachable?: RegExp; slowReplies?: number } = {}): Promise<Phone> {
    const context = await browser.newContext(options.unreachable ? { serviceWorkers: 'block' } : {});
    if (options.slowReplies) await slowReplies(context, options.slowReplies);
    const phone = new Phone(context, await context.newPage(), label);
    if (options.unreachable) {
      await context.route(options.unreachable, (route) => {
        phone.blocked++;
        return route.abort('internetdisconnected');
      });
    }
    const { page } = phone;
    page.on('pageerror', (err) => console.error(`[${label}] page error: ${err.message}`));
    await page.goto(baseUrl() + link);
    await expect(page.getByTestId('connection')).toContainText('Live', { timeout: 15_000 });
    return phone;
  }

  /** How many fetches of the `unreachable` files failed. */
  blocked = 0;

  /**
   * The network goes away, as bar wifi does, once the page says it has everything it needs without it
   * (<html data-offline-ready>, set after the page fetched its lazily loaded parts): a phone that has been open a
   * little while.
   */
  async goOffline(): Promise<void> {
    await expect(this.page.locator('html[data-offline-ready]')).toHaveCount(1, { timeout: 10_000 });
    await this.context.setOffline(true);
  }

  async tab(name: 'Play' | 'Players' | 'Sheet' | 'History' | 'Share' | 'Live'): Promise<void> {
    // "Play, 2 to answer" when the other captain's entries wait for this one.
    await this.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${name}(,.*)?$`) }).click();
  }

  async arrive(names: string[]): Promise<void> {
    await this.tab('Players');
    for (const name of names) await this.page.getByRole('button', { name: `${name} arrived`, exact: true }).click();
  }

  /** Fills the round's lineup form: per game the machine (first declarer only) and the players, then declares. */
  async declare(round: number, games: { machine?: string; players: string[] }[]): Promise<void> {
    await this.tab('Play');
    for (const [i, g] of games.entries()) {
      if (g.machine) await this.page.getByRole('group', { name: `Game ${i + 1} machine` }).getByRole('button', { name: new RegExp(`^${g.machine}`) }).click();
      for (const p of g.players) await this.page.getByRole('group', { name: `Game ${i + 1} players` }).getByRole('button', { name: new RegExp(`^${p}`) }).click();
    }
    await expect(this.page.getByTestId('verdict')).toContainText('allowed');
    await this.page.getByRole('button', { name: new RegExp(`^Declare (answer for )?round ${round}$`) }).click();
  }

  game(round: number, game: number) {
    return this.page.getByTestId(`game-${round}-${game}`);
  }

  /** Saves the play order as declared, in each game of the round that asks for it. */
  async saveOrders(round: number, games: number): Promise<void> {
    for (let g = 1; g <= games; g++) {
      const save = this.game(round, g).getByRole('button', { name: 'Save play order' });
      if (await save.count()) await save.click();
    }
  }

  /** Types a score on the keypad (digit keys and the 000 key, as a thumb would). */
  async enterScore(round: number, game: number, player: string, points: string): Promise<void> {
    await this.game(round, game).getByRole('button', { name: `Enter score for ${player}` }).click();
    await this.keypad(points);
  }

  async keypad(points: string): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const key of points.match(/000|\d/g) ?? []) await dialog.getByRole('button', { name: key, exact: true }).click();
    await dialog.getByRole('button', { name: /^(Save score|Yes, save it)$/ }).click();
    await expect(dialog).toBeHidden();
  }

  /**
   * Confirms every pending entry of the other team in a game: on its card, or (once the round's results are all
   * in and the screen moved on to the next round) in the "To confirm" list.
   */
  async confirmGame(round: number, game: number): Promise<void> {
    await this.tab('Play');
    const card = this.game(round, game);
    const inList = this.page.getByRole('region', { name: /^To confirm/ }).getByRole('button', { name: new RegExp(`^Confirm R${round} G${game} `) });
    const onCard = card.getByRole('button', { name: /^Confirm / });
    const all = card.getByRole('button', { name: /^✓ Confirm all/ });
    await expect(onCard.or(inList).first()).toBeVisible();
    if (await all.count()) await all.click();
    while ((await onCard.count()) + (await inList.count()) > 0) await onCard.or(inList).first().click();
  }

  /**
   * Signs the scoresheet (MR-5) once this phone's own check says everything is played and confirmed, as a captain
   * reads the screen before tapping. Another phone showing the result does not prove this one has every
   * confirmation yet; a tap made before is refused on the phone itself (MR-4) and never reaches the server.
   */
  async sign(): Promise<void> {
    await this.tab('Play');
    await expect(this.page.getByTestId('signoff').getByTestId('verdict')).toContainText('you can sign');
    await this.page.getByRole('button', { name: `Sign for ${this.label}` }).click();
  }

  /** Screenshot of what the phone shows (390 x 844) under test-results/screens/, and an axe check of the page. */
  async capture(name: string): Promise<void> {
    mkdirSync('test-results/screens', { recursive: true });
    await this.page.screenshot({ path: `test-results/screens/${name}.png` });
    await phoneFriendly(this.page, name);
    await axeClean(this.page, name);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function axeClean(page: Page, name: string): Promise<void> {
  // Only violations are reported back: the passes' details are not needed and cost time.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

/**
 * A slow link, as bar wifi can be: whatever the server sends this phone arrives `ms` later, in order (the phone's
 * own messages go out at once). The real server still answers; only the wire is slowed.
 */
async function slowReplies(context: BrowserContext, ms: number): Promise<void> {
  await context.routeWebSocket(/\/socket\.io\//, (page) => {
    const server = page.connectToServer();
    server.onMessage((message) => {
      setTimeout(() => page.send(message), ms);
    });
  });
}

/** No horizontal scrolling at 390 px, and every visible control at least 44 x 44 px (a thumb in a dark bar). */
export async function phoneFriendly(page: Page, name: string): Promise<void> {
  const report = await page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width < 44 || r.height < 44) small.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, small };
  });
  expect(report.scrollWidth, `${name}: page wider than the phone`).toBeLessThanOrEqual(report.width);
  expect(report.small, `${name}: tap targets under 44 px`).toEqual([]);
}
