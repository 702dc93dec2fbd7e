import { expect, type APIRequestContext, type Browser, type Locator } from '@playwright/test';
import type { Side } from '../../shared/index';
import { createMatch, type MatchLinks } from './matches';
import { Phone } from './phone';

/**
 * Steps of the incident tests, taken on the phones' screens as captains would: the incident sheet of a game card,
 * the other captain's answer on the same card, and a game played to the end (scores entered by each captain for
 * its own players, confirmed by the other). Built on the taps of `Phone`; nothing here speaks the wire protocol.
 */

export const HOME_FOUR = ['Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dana Drain'];
export const AWAY_FOUR = ['Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit'];

export interface Evening {
  links: MatchLinks;
  home: Phone;
  away: Phone;
  fan: Phone;
  phone(side: Side): Phone;
  close(): Promise<void>;
}

/** A fresh match with both captains and a spectator on their phones, and the players marked present. */
export async function openEvening(browser: Browser, request: APIRequestContext, present: { HOME?: string[]; AWAY?: string[] } = {}): Promise<Evening> {
  const links = await createMatch(request);
  const home = await Phone.open(browser, links.captainLinks.HOME, 'HOME');
  const away = await Phone.open(browser, links.captainLinks.AWAY, 'AWAY');
  const fan = await Phone.open(browser, links.spectatorLink, 'spectator');
  const homeHere = present.HOME ?? HOME_FOUR;
  const awayHere = present.AWAY ?? AWAY_FOUR;
  await home.arrive(homeHere);
  await away.arrive(awayHere);
  await expect(fan.page.getByTestId('present-HOME')).toHaveText(`${homeHere.length} here`);
  await expect(fan.page.getByTestId('present-AWAY')).toHaveText(`${awayHere.length} here`);
  return {
    links, home, away, fan,
    phone: (side) => (side === 'HOME' ? home : away),
    close: async () => {
      for (const p of [home, away, fan]) await p.close();
    },
  };
}

/**
 * Round 1 as in full-match.spec.ts: AWAY declares Comet Quest (4-player) and Twin Rockets (2-player), HOME answers,
 * both save their play orders. `homeGames` changes HOME's pairs.
 */
export async function declareRoundOne(e: Evening, homeGames: string[][] = [HOME_FOUR.slice(0, 2), HOME_FOUR.slice(2)]): Promise<void> {
  await e.away.declare(1, [{ machine: 'Comet Quest', players: AWAY_FOUR.slice(0, 2) }, { machine: 'Twin Rockets', players: AWAY_FOUR.slice(2) }]);
  await e.home.declare(1, homeGames.map((players) => ({ players })));
  await saveOrders(e, 1, 2);
  await expect(e.fan.game(1, 1).getByTestId('up')).toContainText('P1');
}

/**
 * Both teams save their play orders in a doubles round, once both phones show the round's game cards (the
 * answering lineup may still be on its way to the first declarer's phone, which would then have nothing to save).
 */
export async function saveOrders(e: Evening, round: number, games: number): Promise<void> {
  for (const p of [e.home, e.away]) {
    await p.tab('Play');
    await expect(p.game(round, games)).toBeVisible();
    await p.saveOrders(round, games);
  }
  for (let g = 1; g <= games; g++) await expect(e.fan.game(round, g)).not.toContainText('order not set');
}

export interface IncidentInput {
  /** The kind as the form lists it, with its rule: "Slam tilt (R-VII.Q.1)". */
  kind: string;
  /** The team at fault or the player's team; none for a machine's own fault, where the sheet does not ask. */
  side?: Side;
  player?: string;
  /** Logged-in player: when it was found, as the form words it. */
  phase?: string;
  /** Major failure: what the captains decided, as the form words it. */
  action?: string;
  note?: string;
}

/** Opens a game's incident sheet and fills it in; returns the sheet (its verdict line says what the rules allow). */
export async function fillIncident(phone: Phone, round: number, game: number, inc: IncidentInput): Promise<Locator> {
  await phone.tab('Play');
  await phone.game(round, game).getByRole('button', { name: '⚑ Incident' }).click();
  const sheet = phone.page.getByRole('dialog', { name: `Incident · round ${round} game ${game}` });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('What happened').selectOption({ label: inc.kind });
  if (inc.phase) await sheet.getByRole('group', { name: 'When it was found' }).getByRole('button', { name: inc.phase, exact: true }).click();
  if (inc.action) await sheet.getByRole('group', { name: 'What the captains decided' }).getByRole('button', { name: inc.action, exact: true }).click();
  // Last: a failure that hit one player asks for the team and the player once that decision is chosen.
  if (inc.side) await sheet.getByRole('button', { name: inc.side, exact: true }).click();
  if (inc.player) await sheet.getByLabel('Player', { exact: true }).selectOption({ label: inc.player });
  if (inc.note) await sheet.getByLabel('Note (optional)').fill(inc.note);
  return sheet;
}

/** Records an incident the rules allow: the sheet says so before the tap, and closes once it is sent. */
export async function recordIncident(phone: Phone, round: number, game: number, inc: IncidentInput): Promise<void> {
  const sheet = await fillIncident(phone, round, game, inc);
  await expect(sheet.getByTestId('verdict')).toContainText('Can be recorded; the other captain confirms it (MR-4)');
  await sheet.getByRole('button', { name: 'Record incident' }).click();
  await expect(sheet).toBeHidden();
}

/**
 * The other captain confirms an incident on the game card (MR-4). `label` is the kind's label: "Slam tilt". An
 * incident that moves the game off its machine leaves the card with the discarded game, so only its button is checked.
 */
export async function confirmIncident(phone: Phone, round: number, game: number, label: string): Promise<void> {
  await phone.tab('Play');
  const confirm = phone.game(round, game).getByRole('button', { name: `Confirm incident: ${label}`, exact: true });
  await confirm.click();
  await expect(confirm).toHaveCount(0);
}

/** Scores of one game: per team, each player's name and the digits the captain types. */
export type GameScores = Record<Side, [name: string, points: string][]>;

/** Each captain enters its own players' scores. */
export async function enterScores(e: Evening, round: number, game: number, scores: GameScores): Promise<void> {
  for (const side of ['HOME', 'AWAY'] as const) {
    for (const [name, points] of scores[side]) await e.phone(side).enterScore(round, game, name, points);
  }
}

/**
 * Each captain enters its own players' scores, then each confirms the other team's (MR-4). Once the last game of a
 * round is confirmed the captains' Play screen moves on to the next round: look at that game on the spectator's phone.
 */
export async function playGame(e: Evening, round: number, game: number, scores: GameScores): Promise<void> {
  await enterScores(e, round, game, scores);
  await e.away.confirmGame(round, game);
  await e.home.confirmGame(round, game);
}
