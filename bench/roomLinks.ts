/** What the bench does with each room it opens, whether stand-alone (bench/run.ts) or from a schedule (leagueNight.ts). */

/** A room's answer when opened: its captain links, each carrying the captain's token as `t`. */
export interface OpenedRoom {
  captainLinks: { HOME: string; AWAY: string };
}

/** The captain tokens of an opened room, as the load generators hand them to the server. */
export function captainTokens(url: string, opened: OpenedRoom): { HOME: string; AWAY: string } {
  const token = (link: string) => new URL(link, url).searchParams.get('t') ?? '';
  return { HOME: token(opened.captainLinks.HOME), AWAY: token(opened.captainLinks.AWAY) };
}

/** `job(0..count-1)`, at most `concurrency` at a time (the server is not flooded with opening requests), in order. */
export async function inPool<T>(count: number, concurrency: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await job(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}
