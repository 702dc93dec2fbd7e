/**
 * Parts of the match page loaded when first needed, so a phone downloads little before it shows the scoresheet.
 * `prefetch` fetches them all once the page is up: after that, nothing needs the network to open (the bar's wifi
 * may be gone by the time the captain taps "Enter score").
 */
export const load = {
  play: () => import('./play/PlayScreen.svelte'),
  players: () => import('./players/PlayersScreen.svelte'),
  sheet: () => import('./sheet/SheetScreen.svelte'),
  log: () => import('./log/LogScreen.svelte'),
  share: () => import('./share/ShareScreen.svelte'),
  live: () => import('./live/LiveScreen.svelte'),
  declare: () => import('./play/DeclareForm.svelte'),
  tiebreaker: () => import('./play/Tiebreaker.svelte'),
  signoff: () => import('./play/SignOff.svelte'),
  keypad: () => import('../ui/ScoreKeypad.svelte'),
  incident: () => import('./game/IncidentForm.svelte'),
  incidents: () => import('./game/GameIncidents.svelte'),
  redeclare: () => import('./play/Redeclare.svelte'),
  attendance: () => import('./players/Attendance.svelte'),
  // What changed the evening as a whole (a move, a new date, a forfeit): shown only then, but it may happen offline.
  status: () => import('./venue/MatchStatus.svelte'),
  // Report photos still waiting on this phone (R-VII.D.3.4): read from disk and sent once the page is up.
  photos: () => import('./play/photoOutbox.svelte'),
};

/** Resolves once every part has been fetched or has failed (a failure is retried the next time it is needed). */
export async function prefetch(parts: (keyof typeof load)[] = Object.keys(load) as (keyof typeof load)[]): Promise<boolean> {
  const results = await Promise.allSettled(parts.map((p) => load[p]()));
  return results.every((r) => r.status === 'fulfilled');
}
