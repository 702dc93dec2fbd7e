import type { LeagueStore } from '../../server/league/leagueStore';

/**
 * The league store as it is, with every read it serves written down (`<collection>/<id>`, `<collection>/*` for a
 * listing, `room <id>`, `version <id>`, `meta <id>`), for tests that say which reads a check needs. Writes pass through unrecorded.
 */
export function recordingReads(real: LeagueStore): { store: LeagueStore; read: string[] } {
  const read: string[] = [];
  const store: LeagueStore = {
    getDoc: (c, id) => (read.push(`${c}/${id}`), real.getDoc(c, id)),
    putDoc: (c, id, doc, rev) => real.putDoc(c, id, doc, rev),
    listDocs: (c) => (read.push(`${c}/*`), real.listDocs(c)),
    load: (id) => (read.push(`room ${id}`), real.load(id)),
    version: (id) => (read.push(`version ${id}`), real.version(id)),
    meta: (id) => (read.push(`meta ${id}`), real.meta(id)),
  };
  return { store, read };
}
