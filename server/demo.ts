import { addDays, localTimeOf, weekdayOf, type LocalDate } from '../shared/season/index';
import { intlZone } from './league/leagueZone';
import type { Logger } from './log';
import type { RoomStore } from './matches/roomStore';

/**
 * A demo league for a first `npm start`, so there is something to open right away: a season of four fictional
 * teams in one conference at two fictional bars (the first with machines of mixed kinds), this evening's two
 * matches and next week's, and the room of this evening's first match opened. Seeded only into an empty store,
 * through the league's own REST API with the commissioner token, as a commissioner would set a season up: the
 * seed passes every check a real season passes. The room's captain links are printed once (only their hashes
 * are kept).
 */
export const DEMO_MATCH_ID = 'demo';
export const DEMO_SEASON_ID = 'demo-season';

/** Where the seed reaches the server (a local address) and the address the printed links carry. */
export interface DemoTarget {
  localUrl: string;
  publicUrl: string;
  adminToken: string;
}

interface DemoTeam {
  id: string;
  name: string;
  venueId: string;
  players: string[];
}

const TEAMS: DemoTeam[] = [
  { id: 'flipper-fiends', name: 'Flipper Fiends', venueId: 'silverball-saloon', players: ['Alice Ballsave', 'Bo Multiball', 'Cy Spinner', 'Dee Drain', 'Ed Outlane', 'Flo Plunger', 'Gus Tilt', 'Hal Replay'] },
  { id: 'tilt-warriors', name: 'Tilt Warriors', venueId: 'silverball-saloon', players: ['Ivy Jackpot', 'Jo Nudge', 'Kai Ramp', 'Lu Orbit', 'Max Kickback', 'Nia Slingshot', 'Oz Skillshot', 'Pip Wizard'] },
  { id: 'drain-kings', name: 'Drain Kings', venueId: 'the-flipside', players: ['Quin Magnasave', 'Ray Captive', 'Sol Kicker', 'Tam Lockdown', 'Uma Rollover', 'Vic Standup', 'Wes Ballast', 'Xia Bumper'] },
  { id: 'multiball-mavens', name: 'Multiball Mavens', venueId: 'the-flipside', players: ['Yan Wireform', 'Zoe Scoop', 'Abe Drop', 'Bea Vuk', 'Cal Upkick', 'Dot Saucer', 'Eli Toplane', 'Fay Habitrail'] },
];

const VENUES = [
  {
    id: 'silverball-saloon',
    name: 'The Silverball Saloon',
    machines: [
      { id: 'comet-quest', name: 'Comet Quest', kind: 'FOUR_PLAYER' },
      { id: 'dragon-forge', name: 'Dragon Forge', kind: 'FOUR_PLAYER' },
      { id: 'twin-rockets', name: 'Twin Rockets', kind: 'TWO_PLAYER' },
      { id: 'lone-ranger-66', name: 'Lone Ranger 66', kind: 'ONE_PLAYER' },
    ],
  },
  {
    id: 'the-flipside',
    name: 'The Flipside',
    machines: [
      { id: 'neon-nights', name: 'Neon Nights', kind: 'FOUR_PLAYER' },
      { id: 'deep-sea-dive', name: 'Deep Sea Dive', kind: 'FOUR_PLAYER' },
      { id: 'haunted-manor', name: 'Haunted Manor', kind: 'FOUR_PLAYER' },
      { id: 'space-cadet', name: 'Space Cadet', kind: 'FOUR_PLAYER' },
    ],
  },
];

/**
 * A roster for day D is due by 16:00 on D in the league's zone (R-II.C.3, OQ-27b): seeded before 15:45 the demo
 * evening is today, later it is tomorrow (a quarter of an hour to spare for a slow first start).
 */
export function demoEvening(now: number, timeZone: string): LocalDate {
  const local = localTimeOf(now, intlZone(timeZone));
  return local.msOfDay < (15 * 60 + 45) * 60_000 ? local.date : addDays(local.date, 1);
}

/** The server's own zone: the demo league keeps the clock of whoever runs it. */
export const serverZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Seeds the demo league when the store holds no match yet; returns whether it did. */
export async function seedDemo(store: RoomStore, target: DemoTarget, log: Logger, now = Date.now()): Promise<boolean> {
  if ((await store.listMatches()).length > 0) return false;
  const timeZone = serverZone();
  const evening = demoEvening(now, timeZone);
  const weekday = weekdayOf(evening);
  const call = async (method: 'PUT' | 'POST', path: string, body: unknown): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${target.localUrl}/api/league${path}`, {
      method,
      headers: { authorization: `Bearer ${target.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await res.json().catch(() => null);
    if (res.status >= 300 && res.status !== 409) throw new Error(`${method} /api/league${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return { status: res.status, body: answer };
  };

  await call('PUT', `/seasons/${DEMO_SEASON_ID}`, {
    name: 'Demo season',
    timeZone,
    regularSeason: { start: addDays(evening, -7), end: addDays(evening, 56) },
    conferences: [{ id: 'north', name: 'North', matchWeekday: weekday }],
  });
  await call('POST', `/seasons/${DEMO_SEASON_ID}/import`, {
    players: TEAMS.flatMap((t) => t.players.map((name, i) => ({ id: `${t.id}-${i + 1}`, name, ifpaNumber: null, ifpaRank: null }))),
    venues: VENUES,
    teams: TEAMS.map((t) => ({ id: t.id, name: t.name, conferenceId: 'north', homeVenueId: t.venueId, weekday })),
    // Two captains (R-II.A.2), six more starters and a reserve (the last one) a side.
    rosters: TEAMS.map((t) => ({
      teamId: t.id,
      effective: evening,
      players: t.players.map((_, i) => ({ playerId: `${t.id}-${i + 1}`, status: i === t.players.length - 1 ? 'RESERVE' : 'STARTER', captain: i < 2 })),
    })),
  });
  const schedule: [string, LocalDate, string, string][] = [
    [DEMO_MATCH_ID, evening, 'flipper-fiends', 'tilt-warriors'],
    ['demo-2', evening, 'drain-kings', 'multiball-mavens'],
    ['demo-3', addDays(evening, 7), 'drain-kings', 'flipper-fiends'],
    ['demo-4', addDays(evening, 7), 'multiball-mavens', 'tilt-warriors'],
  ];
  for (const [id, date, homeTeamId, awayTeamId] of schedule) {
    await call('PUT', `/seasons/${DEMO_SEASON_ID}/schedule/${id}`, { kind: 'REGULAR', date, homeTeamId, awayTeamId });
  }
  const opened = await call('POST', `/seasons/${DEMO_SEASON_ID}/schedule/${DEMO_MATCH_ID}/room`, {});
  // Another process seeding at the same moment opened it first: its links are the valid ones, ours were never made.
  if (opened.status !== 201) return false;
  const { captainLinks, spectatorLink } = opened.body as { captainLinks: { HOME: string; AWAY: string }; spectatorLink: string };
  log.info({ matchId: DEMO_MATCH_ID, seasonId: DEMO_SEASON_ID }, 'seeded the demo league and opened its first room');
  // Printed to the console on purpose, once: this is how the person who ran `npm start` gets into the demo.
  // The structured log above never carries the tokens.
  const at = target.publicUrl;
  console.log(
    [
      '',
      `Demo league: ${at}/league/${DEMO_SEASON_ID} (four teams at two bars, two match evenings)`,
      `Demo match: Flipper Fiends (HOME) v Tilt Warriors (AWAY), ${evening} at 20:00 (${timeZone})`,
      `  HOME captain link: ${at}${captainLinks.HOME}`,
      `  AWAY captain link: ${at}${captainLinks.AWAY}`,
      `  Spectator link:    ${at}${spectatorLink}`,
      '  (captain links are shown only now; keep them)',
      '',
    ].join('\n'),
  );
  return true;
}
