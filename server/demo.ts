import { MatchSetupSchema, type MatchSetupInput, type Team, type Venue } from '../shared/index';
import type { Logger } from './log';
import { createMatch } from './matches/createMatch';
import type { RoomStore } from './matches/roomStore';

/**
 * A demo league for a first `npm start`: two fictional teams, a fictional bar with four machines of mixed kinds,
 * and one match tonight at 20:00 local time, so there is something to open right away. Seeded only into an
 * empty store; its captain links are printed once (only their hashes are kept).
 */
export const DEMO_MATCH_ID = 'demo';

const team = (id: string, name: string, names: string[]): Team => ({
  id,
  name,
  players: names.map((player, i) => ({
    id: `${id}-${i + 1}`,
    name: player,
    // Two captains (R-II.A.2), six more starters, the last one a reserve: 7 starters + 1 reserve.
    status: i === names.length - 1 ? 'RESERVE' : 'STARTER',
    captain: i < 2,
    ifpaRank: null,
    restricted: false,
    ineligible: null,
  })),
});

export const DEMO_HOME = team('flipper-fiends', 'Flipper Fiends', [
  'Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dee Drain', 'Ed Outlane', 'Flo Plunger', 'Gus Tilt', 'Hal Replay',
]);
export const DEMO_AWAY = team('tilt-warriors', 'Tilt Warriors', [
  'Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit', 'Max Kickback', 'Nia Slingshot', 'Oz Skillshot', 'Pip Wizard',
]);
export const DEMO_VENUE: Venue = {
  id: 'silverball-saloon',
  name: 'The Silverball Saloon',
  machines: [
    { id: 'comet-quest', name: 'Comet Quest', kind: 'FOUR_PLAYER' },
    { id: 'dragon-forge', name: 'Dragon Forge', kind: 'FOUR_PLAYER' },
    { id: 'twin-rockets', name: 'Twin Rockets', kind: 'TWO_PLAYER' },
    { id: 'lone-ranger-66', name: 'Lone Ranger 66', kind: 'ONE_PLAYER' },
  ],
};

/** Today at 20:00 in the server's local time zone. */
export function tonightAtEight(now: Date): number {
  const d = new Date(now);
  d.setHours(20, 0, 0, 0);
  return d.getTime();
}

/** Seeds the demo league and match when the store holds no match yet; returns whether it did. */
export async function seedDemo(store: RoomStore, baseUrl: string, log: Logger, now = new Date()): Promise<boolean> {
  if ((await store.listMatches()).length > 0) return false;
  await store.putDoc('teams', DEMO_HOME.id, DEMO_HOME, null);
  await store.putDoc('teams', DEMO_AWAY.id, DEMO_AWAY, null);
  await store.putDoc('venues', DEMO_VENUE.id, DEMO_VENUE, null);
  const input: MatchSetupInput = {
    matchId: DEMO_MATCH_ID,
    home: DEMO_HOME,
    away: DEMO_AWAY,
    venue: DEMO_VENUE,
    scheduledStart: tonightAtEight(now),
  };
  const created = await createMatch(store, MatchSetupSchema.parse(input), now.getTime());
  // Another process seeding at the same moment won the race: its links are the valid ones, ours were never stored.
  if (created.kind === 'exists') return false;
  const { captainLinks, spectatorLink } = created.links;
  log.info({ matchId: DEMO_MATCH_ID }, 'seeded the demo league and match');
  // Printed to the console on purpose, once: this is how the person who ran `npm start` gets into the demo.
  // The structured log above never carries the tokens.
  console.log(
    [
      '',
      'Demo match: Flipper Fiends (HOME) v Tilt Warriors (AWAY), tonight at 20:00',
      `  HOME captain link: ${baseUrl}${captainLinks.HOME}`,
      `  AWAY captain link: ${baseUrl}${captainLinks.AWAY}`,
      `  Spectator link:    ${baseUrl}${spectatorLink}`,
      '  (captain links are shown only now; keep them)',
      '',
    ].join('\n'),
  );
  return true;
}
