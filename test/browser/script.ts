import type { APIRequestContext } from '@playwright/test';
import type { MatchState, Side } from '../../shared/index';
import { CaptainBot } from './bot';
import { baseUrl, createMatch, type MatchLinks } from './matches';

/**
 * The same evening as full-match.spec.ts, driven through the wire protocol by two captain bots, to bring a match
 * to a given point in a second or two before a phone looks at it (screens, accessibility, offline tests).
 * Lineups: round 1 AWAY on Comet Quest (4-player) and Twin Rockets (2-player); round 2 HOME on Dragon Forge and
 * Lone Ranger (1-player); rounds 3-4 singles. Results: HOME 4-0, AWAY 4-4, then 2-2 and 2-2: 8-8.
 */
const H = (i: number) => `hawks-${i}`;
const A = (i: number) => `aces-${i}`;

export class Evening {
  private constructor(
    readonly request: APIRequestContext,
    readonly links: MatchLinks,
    readonly home: CaptainBot,
    readonly away: CaptainBot,
  ) {}

  static async start(request: APIRequestContext, links: MatchLinks): Promise<Evening> {
    return new Evening(request, links, await CaptainBot.open(links.matchId, links.captainLinks.HOME), await CaptainBot.open(links.matchId, links.captainLinks.AWAY));
  }

  /** A new match whose round-1 games can start: four players a side arrived, both lineups declared, play order set. */
  static async atRoundOneGames(request: APIRequestContext): Promise<Evening> {
    const evening = await Evening.start(request, await createMatch(request));
    await evening.arrive();
    await evening.declare(1);
    await evening.orders(1);
    return evening;
  }

  bot(side: Side): CaptainBot {
    return side === 'HOME' ? this.home : this.away;
  }

  async state(): Promise<MatchState> {
    const res = await this.request.get(`${baseUrl()}/api/matches/${this.links.matchId}`);
    return ((await res.json()) as { state: MatchState }).state;
  }

  async arrive(): Promise<void> {
    const time = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    for (const i of [1, 2, 3, 4]) await this.home.send({ type: 'markArrived', payload: { playerId: H(i), time } });
    for (const i of [1, 2, 3, 4]) await this.away.send({ type: 'markArrived', payload: { playerId: A(i), time } });
  }

  async declare(round: number, which: 'fd' | 'both' = 'both'): Promise<void> {
    const [fd, sd]: [CaptainBot, CaptainBot] = round % 2 === 1 ? [this.away, this.home] : [this.home, this.away];
    const fdP = round % 2 === 1 ? A : H;
    const sdP = round % 2 === 1 ? H : A;
    const lineups: Record<number, { fd: { machineId: string; players: string[] }[]; sd: string[][] }> = {
      1: { fd: [{ machineId: 'comet-quest', players: [fdP(1), fdP(2)] }, { machineId: 'twin-rockets', players: [fdP(3), fdP(4)] }], sd: [[sdP(1), sdP(2)], [sdP(3), sdP(4)]] },
      2: { fd: [{ machineId: 'dragon-forge', players: [fdP(1), fdP(3)] }, { machineId: 'lone-ranger', players: [fdP(2), fdP(4)] }], sd: [[sdP(1), sdP(3)], [sdP(2), sdP(4)]] },
      3: { fd: [1, 2, 3, 4].map((i) => ({ machineId: i <= 2 ? 'comet-quest' : 'dragon-forge', players: [fdP(i)] })), sd: [[sdP(1)], [sdP(2)], [sdP(3)], [sdP(4)]] },
      4: { fd: ['comet-quest', 'dragon-forge', 'twin-rockets', 'lone-ranger'].map((machineId, i) => ({ machineId, players: [fdP(i + 1)] })), sd: [[sdP(1)], [sdP(2)], [sdP(3)], [sdP(4)]] },
    };
    const l = lineups[round]!;
    await fd.send({ type: 'declareLineup', payload: { round, games: l.fd } });
    if (which === 'both') await sd.send({ type: 'declareLineup', payload: { round, games: l.sd.map((players) => ({ players })) } });
  }

  /** Both teams seat their pairs in declared order (doubles rounds). */
  async orders(round: number): Promise<void> {
    const s = await this.state();
    for (const g of s.rounds[round - 1]!.games) {
      for (const side of ['HOME', 'AWAY'] as const) {
        const ids = g.players[side];
        if (ids.length < 2) continue;
        const positions = side === s.rounds[round - 1]!.fd ? [2, 4] : [1, 3];
        await this.bot(side).send({ type: 'setPlayOrder', payload: { round, game: g.game, seats: ids.map((playerId, i) => ({ playerId, position: positions[i]! })) } });
      }
    }
  }

  /** Enters every score of a game (each captain its own players), the winner's players scoring higher. */
  async scores(round: number, game: number, winner: Side, confirm = true): Promise<void> {
    const s = await this.state();
    const g = s.rounds[round - 1]!.games[game - 1]!;
    for (const side of ['HOME', 'AWAY'] as const) {
      for (const [i, playerId] of g.players[side].entries()) {
        await this.bot(side).send({ type: 'enterScore', payload: { round, game, playerId, points: (side === winner ? 40_000_000 : 10_000_000) + i * 1_230_000, segment: 1 } });
      }
    }
    if (confirm) await this.confirmAll();
  }

  /** Each captain confirms every pending entry of the other team. */
  async confirmAll(): Promise<void> {
    const s = await this.state();
    for (const e of s.entries) {
      if (e.status === 'PENDING') await this.bot(e.by === 'HOME' ? 'AWAY' : 'HOME').send({ type: 'confirmEntry', payload: { entryId: e.id } });
    }
  }

  async playRound(round: number, winners: Side[]): Promise<void> {
    await this.declare(round);
    if (round <= 2) await this.orders(round);
    for (const [i, w] of winners.entries()) await this.scores(round, i + 1, w, false);
    await this.confirmAll();
  }

  /** The four rounds to 8-8 (R-III.G.1). */
  async toEightAll(): Promise<void> {
    await this.arrive();
    await this.playRound(1, ['HOME', 'HOME']);
    await this.playRound(2, ['AWAY', 'AWAY']);
    await this.playRound(3, ['HOME', 'HOME', 'AWAY', 'AWAY']);
    await this.playRound(4, ['HOME', 'HOME', 'AWAY', 'AWAY']);
  }

  async tiebreaker(scores = true): Promise<void> {
    await this.home.send({ type: 'chooseTiebreaker', payload: { format: 'SPLIT_FLIPPER', machineId: 'dragon-forge', players: [H(3), H(4)] } });
    await this.away.send({ type: 'declareTiebreakerPlayers', payload: { players: [A(3), A(4)] } });
    if (!scores) return;
    await this.home.send({ type: 'enterTiebreakerScore', payload: { side: 'HOME', points: 31_000_000 } });
    await this.away.send({ type: 'enterTiebreakerScore', payload: { side: 'AWAY', points: 27_500_000 } });
    await this.confirmAll();
  }

  close(): void {
    this.home.close();
    this.away.close();
  }
}
