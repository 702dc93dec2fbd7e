import type { CommandAnswer, DraftMessage, EventsMessage, Presence, Problem, Reply, SnapshotMessage, Welcome } from '$shared/protocol';
import type { MatchState } from '$shared/index';

/**
 * The phone checks every message from the server before using it (shared/protocol.ts says what each one is).
 * These guards check the same outer shapes as the protocol's zod schemas, by hand: the client bundle then carries
 * no zod at all (about a third of its size), while the server keeps parsing everything it receives with zod.
 * Events and states are the engine's own output; like the protocol, only their outer shape is checked.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isVersion = (v: unknown): v is number => isInt(v) && v >= 0;
const isSide = (v: unknown): v is 'HOME' | 'AWAY' => v === 'HOME' || v === 'AWAY';

export function asWelcome(v: unknown): Welcome | null {
  if (!isObj(v) || !isStr(v.matchId) || !isInt(v.protocolVersion)) return null;
  if (v.role !== 'captain' && v.role !== 'spectator' && v.role !== 'commissioner') return null;
  if (v.side !== undefined && !isSide(v.side)) return null;
  if (v.tokenRejected !== undefined && typeof v.tokenRejected !== 'boolean') return null;
  if (!isVersion(v.serverTime)) return null;
  return v as Welcome;
}

export function asEvents(v: unknown): EventsMessage | null {
  if (!isObj(v) || !isStr(v.matchId) || !isVersion(v.fromVersion) || !Array.isArray(v.events) || v.events.length === 0) return null;
  const ok = v.events.every((e, i) => isObj(e) && e.version === (v.fromVersion as number) + i + 1 && isObj(e.event) && isStr(e.event.type));
  return ok ? (v as EventsMessage) : null;
}

export function asSnapshot(v: unknown): SnapshotMessage | null {
  if (!isObj(v) || !isStr(v.matchId) || !isVersion(v.version) || !isState(v.state)) return null;
  return v.state.version === v.version ? (v as SnapshotMessage) : null;
}

export function isState(v: unknown): v is MatchState {
  return isObj(v) && isVersion(v.version) && isObj(v.setup) && Array.isArray(v.rounds) && Array.isArray(v.entries);
}

export function asDraftMessage(v: unknown): DraftMessage | null {
  if (!isObj(v) || !isStr(v.matchId) || !isSide(v.side) || !isInt(v.at) || !isObj(v.draft)) return null;
  const d = v.draft;
  if (!isInt(d.round) || !Array.isArray(d.games)) return null;
  const ok = d.games.every((g) => isObj(g) && Array.isArray(g.players) && g.players.every((p) => p === null || isStr(p)) && (g.machineId === undefined || g.machineId === null || isStr(g.machineId)));
  return ok ? (v as DraftMessage) : null;
}

const isCount = (v: unknown): v is number => isInt(v) && v >= 0;

export function asPresence(v: unknown): Presence | null {
  return isObj(v) && isStr(v.matchId) && isObj(v.captains) && isCount(v.captains.HOME) && isCount(v.captains.AWAY) ? (v as Presence) : null;
}

export function asProblem(v: unknown): Problem | null {
  return isObj(v) && isStr(v.code) && isStr(v.message) ? (v as Problem) : null;
}

function asAnswer(v: unknown): CommandAnswer | null {
  if (!isObj(v) || !isVersion(v.version)) return null;
  if (v.status === 'accepted') return v as CommandAnswer;
  if (v.status === 'refused' && isStr(v.rule) && isStr(v.code) && isStr(v.message)) return v as CommandAnswer;
  return null;
}

export function asReply(v: unknown): Reply | null {
  if (!isObj(v)) return null;
  switch (v.status) {
    case 'accepted':
    case 'refused':
      return asAnswer(v);
    case 'duplicate':
      return asAnswer(v.answer) ? (v as Reply) : null;
    case 'ok':
      return { status: 'ok' };
    case 'error':
      return isStr(v.code) && isStr(v.message) ? (v as Reply) : null;
    default:
      return null;
  }
}
