import type { LeagueStore } from '../../server/league/leagueStore';

/**
 * The league store as it is, with every read it serves written down (`<collection>/<id>`, `<collection>/*` for a
 * listing, `stamp <collection>`, `room <id>`, `events <id> after <version>`, `meta <id>`), for tests that say which reads a check needs. Writes pass through unrecorded.
 */
export function recordingReads(real: LeagueStore): { store: LeagueStore; read: string[] } {
  const read: string[] = [];
  const store: LeagueStore = {
    getDoc: (c, id) => (read.push(`${c}/${id}`), real.getDoc(c, id)),
    putDoc: (c, id, doc, rev) => real.putDoc(c, id, doc, rev),
    listDocs: (c) => (read.push(`${c}/*`), real.listDocs(c)),
    collectionStamp: (c) => (read.push(`stamp ${c}`), real.collectionStamp(c)),
    load: (id) => (read.push(`room ${id}`), real.load(id)),
    // Written down per room: what is read, not how many round trips it takes.
    eventsAfterEach: (reads) => (read.push(...reads.map(({ matchId, version }) => `events ${matchId} after ${version}`)), real.eventsAfterEach(reads)),
    meta: (id) => (read.push(`meta ${id}`), real.meta(id)),
  };
  return { store, read };
}
