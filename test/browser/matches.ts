import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { MatchSetupInput } from '../../shared/index';

/**
 * Test matches, created through the commissioner's API (`POST /api/matches`) so every test has its own room.
 * The cast mirrors the demo league: two teams of eight (two captains, six more starters... the last a reserve)
 * and a bar with machines of every kind the engine knows (4-player, 2-player-only, 1-player-only).
 */
export interface MatchLinks {
  matchId: string;
  captainLinks: { HOME: string; AWAY: string };
  spectatorLink: string;
}

export const HOME_NAMES = ['Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dana Drain', 'Ed Outlane', 'Flo Plunger', 'Gus Tilt', 'Hal Replay'];
export const AWAY_NAMES = ['Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit', 'Max Kickback', 'Nia Slingshot', 'Oz Skillshot', 'Pip Wizard'];

export const MACHINES = [
  { id: 'comet-quest', name: 'Comet Quest', kind: 'FOUR_PLAYER' as const },
  { id: 'dragon-forge', name: 'Dragon Forge', kind: 'FOUR_PLAYER' as const },
  { id: 'twin-rockets', name: 'Twin Rockets', kind: 'TWO_PLAYER' as const },
  { id: 'lone-ranger', name: 'Lone Ranger', kind: 'ONE_PLAYER' as const },
];

const team = (id: string, name: string, names: string[]) => ({
  id,
  name,
  players: names.map((player, i) => ({
    id: `${id}-${i + 1}`,
    name: player,
    status: i === names.length - 1 ? ('RESERVE' as const) : ('STARTER' as const),
    captain: i < 2,
  })),
});

export const baseUrl = (): string => {
  const url = process.env.LN_BASE_URL;
  if (!url) throw new Error('LN_BASE_URL is not set: run through playwright.config.ts (its global setup starts the server)');
  return url;
};

/** A fresh match, scheduled a few minutes ago so round 1 can be declared as soon as both teams have 4 present. */
export async function createMatch(request: APIRequestContext, options: { scheduledStart?: number; teamNames?: { HOME: string; AWAY: string } } = {}): Promise<MatchLinks> {
  const matchId = `t-${randomBytes(6).toString('hex')}`;
  const setup: MatchSetupInput = {
    matchId,
    home: team('hawks', options.teamNames?.HOME ?? 'Flipper Fiends', HOME_NAMES),
    away: team('aces', options.teamNames?.AWAY ?? 'Tilt Warriors', AWAY_NAMES),
    venue: { id: 'silverball', name: 'The Silverball Saloon', machines: MACHINES },
    scheduledStart: options.scheduledStart ?? Date.now() - 5 * 60_000,
  };
  const res = await request.post(`${baseUrl()}/api/matches`, {
    data: setup,
    headers: { authorization: `Bearer ${process.env.LN_ADMIN_TOKEN ?? ''}` },
  });
  if (res.status() !== 201) throw new Error(`creating a match failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as MatchLinks;
}

export interface LoggedEvent {
  version: number;
  event: { type: string; [k: string]: unknown };
}

export async function matchEvents(request: APIRequestContext, matchId: string): Promise<LoggedEvent[]> {
  const res = await request.get(`${baseUrl()}/api/matches/${matchId}/events`);
  const body = (await res.json()) as { events: LoggedEvent[] };
  return body.events;
}
