import type { ClientKind } from './benchSocket';
import type { HistogramData } from './histogram';

/** Messages between the orchestrator (bench/run.ts) and its load-generator processes (bench/loadgen.ts). */

/**
 * ours: the real server; bare: the bare relay; bare-adapter: the bare relay on the Redis streams adapter;
 * bare-durable: the bare relay storing each event in Redis (one RPUSH) before it broadcasts and acknowledges it;
 * candidate: another build of the server (BENCH_CANDIDATE=/path/to/server/main.ts), e.g. a patched copy, to A/B a
 * proposed change against `ours` in the same interleaved session.
 */
export const TARGETS = ['ours', 'bare', 'bare-adapter', 'bare-durable', 'candidate'] as const;
export type Target = (typeof TARGETS)[number];

export interface RoomSpec {
  matchId: string;
  /** Captain tokens (the `t` of the captain links). The bare relay needs none. */
  tokens: { HOME: string; AWAY: string } | null;
  /**
   * A room opened from a league schedule (bench/leagueNight.ts): its players are the script's H1..A8 under league
   * ids of their own, `<script id>-<playerTag>`.
   */
  playerTag?: string;
}

/** Season pages the generators' spectators open during each window (a league night, bench/leagueNight.ts). */
export interface PageReads {
  /** Paths on the target, read in turn. */
  paths: string[];
  /** Reads per second from this generator. */
  perSecond: number;
}

export interface InitMessage {
  type: 'init';
  /** Always http://127.0.0.1:<port>. */
  url: string;
  target: Target;
  /** Which client library the generator's sockets use (bench/benchSocket.ts). */
  client: ClientKind;
  rooms: RoomSpec[];
  spectatorsPerRoom: number;
  /** Connections opening at once in this process. */
  connectConcurrency: number;
  genIndex: number;
  pages: PageReads | null;
}

export interface StartMessage {
  type: 'start';
  /** Epoch ms at which the rooms start sending (each with its own random phase within one interval). */
  startAt: number;
  warmupMs: number;
  measureMs: number;
  /** Time between two commands of one room (1000 = 1 command per second per room). */
  intervalMs: number;
  /** After the last command: how long to wait for the last broadcasts before counting what is missing. */
  drainMs: number;
}

export interface CloseMessage {
  type: 'close';
}

export type ToGen = InitMessage | StartMessage | CloseMessage;

export interface ConnectedMessage {
  type: 'connected';
  genIndex: number;
  sockets: number;
  failed: number;
  firstError: string | null;
  ms: number;
  /** Snapshot frames received while connecting (sampled clients) and their bytes on the wire. */
  snapshotFrames: number;
  snapshotBytes: number;
}

export interface GenStats {
  genIndex: number;
  rooms: number;
  sockets: number;
  /** Commands sent in the measurement window, and their answers. */
  commandsSent: number;
  accepted: number;
  refused: Record<string, number>;
  errors: Record<string, number>;
  ackTimeouts: number;
  /** Commands sent again with the same commandId after "not saved" / "busy" / no answer in 10 s. */
  retries: number;
  /** A tick found the room's previous command still unanswered (the room fell behind its 1/s pace). */
  lateTicks: number;
  /** Rooms that have played the whole lawful match (but the sign-offs) and send filler commands. */
  roomsFinished: number;
  /** Commands of the window that were filler (arrival corrections after the lawful match). */
  fillerCommands: number;
  ack: HistogramData;
  /** Per delivery: command sent -> one spectator has the update. */
  fanout: HistogramData;
  /** Per update: command sent -> the LAST spectator of the room has it. */
  fanoutAll: HistogramData;
  /** `fanout` per command type (the key says "(filler)" after the command type for the corrections sent after the lawful match). */
  fanoutByType: Record<string, HistogramData>;
  /** Updates (events messages) the generator expected each client to see, and the deliveries counted. */
  updatesExpected: number;
  deliveries: number;
  /** Correctness, over every client: events never received, received twice, and messages that skipped ahead. */
  lostEvents: number;
  clientsBehind: number;
  duplicateEvents: number;
  outOfOrder: number;
  /** Of outOfOrder: seen by a captain (the sender gets its events directly, other updates through the adapter). */
  outOfOrderCaptains: number;
  malformed: number;
  eventsBeforeSnapshot: number;
  disconnects: number;
  problems: Record<string, number>;
  /** Sampled on one spectator (events) and both captains (acks) per room: bytes on the wire incl. WebSocket header. */
  wire: {
    eventsFrames: number;
    eventsBytes: number;
    eventsPerFrame: number;
    ackFrames: number;
    ackBytes: number;
    commandFrames: number;
    commandBytes: number;
    snapshotFrames: number;
    snapshotBytes: number;
  };
  /**
   * Season pages read in the window (PageReads): how many, how many failed, their latency, and their bytes on the
   * wire (the body as sent, compressed or not) and decoded.
   */
  pages: { reads: number; failed: number; wireBytes: number; bodyBytes: number; latency: HistogramData };
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  cpuMs: number;
  rssMb: number;
}

export interface DoneMessage {
  type: 'done';
  stats: GenStats;
}

export interface FatalMessage {
  type: 'fatal';
  genIndex: number;
  error: string;
}

export type FromGen = ConnectedMessage | DoneMessage | FatalMessage;
