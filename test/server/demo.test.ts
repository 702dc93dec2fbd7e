import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MATCH_ID, DEMO_SEASON_ID, demoEvening, seedDemo, serverZone } from '../../server/demo';
import { identify } from '../../server/auth/roles';
import { intlZone } from '../../server/league/leagueZone';
import { createLogger } from '../../server/log';
import { addDays, instantOfLocal } from '../../shared/season/index';
import { startInProcess } from '../helpers/inProcessServer';
import { ADMIN_TOKEN, removeTempDirs } from '../helpers/serverProcess';

/** The demo league a first `npm start` seeds: a season set up through the league's REST API, its first room open. */

afterAll(() => removeTempDirs());

describe('demo evening (R-II.C.3: rosters for a day are due by 16:00 that day)', () => {
  const at = (iso: string) => Date.parse(iso);
  it('is today before a quarter to four, league time, and tomorrow after', () => {
    expect(demoEvening(at('2026-10-01T15:30:00Z'), 'UTC')).toBe('2026-10-01');
    expect(demoEvening(at('2026-10-01T15:50:00Z'), 'UTC')).toBe('2026-10-02');
    expect(demoEvening(at('2026-10-01T23:59:00Z'), 'UTC')).toBe('2026-10-02');
    // Read in the league's zone, not UTC: 20:30 UTC is 15:30 in Chicago (summer time).
    expect(demoEvening(at('2026-07-01T20:30:00Z'), 'America/Chicago')).toBe('2026-07-01');
  });
});

describe('demo seed on first start', () => {
  it('sets up a season of four teams with this evening\'s and next week\'s matches, opens the first room and prints its links, once', async () => {
    const server = await startInProcess();
    const print = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const target = { localUrl: server.url, publicUrl: 'http://localhost:3000', adminToken: ADMIN_TOKEN };
      const now = Date.now();
      expect(await seedDemo(server.store, target, createLogger('silent'), now)).toBe(true);
      const printed = print.mock.calls.flat().join('\n');
      const token = /HOME captain link: http:\/\/localhost:3000\/m\/demo\?t=([A-Za-z0-9_-]+)/.exec(printed)?.[1];
      expect(printed).toContain('Spectator link:    http://localhost:3000/m/demo');
      expect(printed).toContain(`Demo league: http://localhost:3000/league/${DEMO_SEASON_ID}`);
      // A second start finds the store in use and seeds nothing.
      expect(await seedDemo(server.store, target, createLogger('silent'), now)).toBe(false);

      // The room was opened from the schedule: the season's rosters, the bar's machines, 20:00 league time.
      const zone = serverZone();
      const evening = demoEvening(now, zone);
      const loaded = (await server.store.load(DEMO_MATCH_ID))!;
      expect(loaded.version).toBe(0);
      const setup = loaded.snapshot.setup;
      expect(setup.scheduledStart).toBe(instantOfLocal(evening, 20 * 60, intlZone(zone)));
      expect([setup.home.name, setup.away.name]).toEqual(['Flipper Fiends', 'Tilt Warriors']);
      for (const team of [setup.home, setup.away]) {
        expect(team.players).toHaveLength(8);
        expect(team.players.filter((p) => p.captain)).toHaveLength(2);
        expect(team.players.filter((p) => p.status === 'RESERVE')).toHaveLength(1);
      }
      expect(setup.venue.name).toBe('The Silverball Saloon');
      expect(new Set(setup.venue.machines.map((m) => m.kind)).size).toBeGreaterThan(1);
      expect(identify(loaded.meta, 'x'.repeat(20), token)).toMatchObject({ actor: { role: 'captain', side: 'HOME' } });

      // What anyone opening the league's pages sees.
      const standings = (await (await fetch(`${server.url}/api/league/seasons/${DEMO_SEASON_ID}/standings`)).json()) as { conferences: { rows: unknown[] }[] };
      expect(standings.conferences).toHaveLength(1);
      expect(standings.conferences[0]!.rows).toHaveLength(4);
      const schedule = (await (await fetch(`${server.url}/api/league/seasons/${DEMO_SEASON_ID}/schedule`)).json()) as { matches: { id: string; date: string; roomOpenedAt: number | null }[] };
      expect(schedule.matches.map((m) => [m.id, m.date, m.roomOpenedAt !== null])).toEqual([
        ['demo', evening, true],
        ['demo-2', evening, false],
        ['demo-3', addDays(evening, 7), false],
        ['demo-4', addDays(evening, 7), false],
      ]);
    } finally {
      print.mockRestore();
      await server.close();
    }
  });
});
