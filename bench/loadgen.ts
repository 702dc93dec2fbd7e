import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import type { CommandInput, Side } from '../shared/index';
import type { EventsMessage, Reply, SnapshotMessage } from '../shared/protocol';
import type { BenchSocket, OpenBenchSocket } from './benchSocket';
import { Histogram, KeyedHistograms } from './histogram';
import type { FromGen, GenStats, InitMessage, RoomSpec, StartMessage, ToGen } from './ipc';
import { openLeanSocket } from './leanSocket';
import { fillerStep, playableScript, type Step } from './matchScript';
import { openSocketIoSocket } from './socketIoSocket';

/**
 * One load-generator process (forked by bench/run.ts). It holds every client of the rooms it was given (2 captains
 * + S spectators each), so a command's send time and its arrival at each spectator are read from the same clock
 * (performance.now of this process) without any cross-process bookkeeping.
 *
 * Each room plays the full-match script, one command per interval from one of its captains, waiting for the
 * answer of the previous command (a captain taps, sees it saved, taps again). A broadcast `events` message is
 * matched to the command that caused it by its `fromVersion`: commands of a room are sequential, so the update
 * with fromVersion = v is the one caused by the command sent while the room was at v.
 *
 * Every client checks version continuity: a batch must start at the version it holds (else: out of order / gap),
 * must not repeat events (duplicates), and at the end every client must hold the room's last acknowledged version
 * (else: lost).
 */

const ACK_TIMEOUT_MS = 10_000;
/** Answers a phone retries (same commandId), how often, and how long it waits between two tries. */
const RETRYABLE = new Set(['NOT_SAVED', 'BUSY', 'UNAVAILABLE', 'RATE_LIMITED']);
const MAX_ATTEMPTS = 5;
const RETRY_DELAY_MS = 200;
const CONNECT_TIMEOUT_MS = 30_000;
/** Hard stop: a generator never outlives a run, even if the orchestrator died without telling it. */
const MAX_LIFETIME_MS = 30 * 60_000;

interface Client {
  socket: BenchSocket;
  room: Room;
  role: 'captain' | 'spectator';
  side: Side | null;
  version: number | undefined;
  /** Bytes are counted on one spectator per room and on the captains. */
  sampled: boolean;
  disconnected: boolean;
}

interface Update {
  t0: number;
  /** The command's type: fan-out is also kept per type (which commands are slow, not only how slow). */
  type: string;
  measured: boolean;
  remaining: number;
  maxLatency: number;
}

interface Room {
  spec: RoomSpec;
  index: number;
  clients: Client[];
  captains: Partial<Record<Side, Client>>;
  spectators: number;
  /** The version after the last accepted command (what the room's sender believes). */
  version: number;
  step: number;
  inFlight: boolean;
  late: boolean;
  lastEntryId: string | null;
  updates: Map<number, Update>;
  timer: NodeJS.Timeout | null;
  finished: boolean;
}

const script: Step[] = playableScript();
const stepAt = (i: number): Step => script[i] ?? fillerStep(i - script.length);
let init: InitMessage | null = null;
/**
 * Command ids: unique per process run (a random tag drawn once) and per command (a counter). A randomBytes call per
 * command was 4 % of a generator's busy time in its CPU profile.
 */
const RUN_TAG = randomBytes(6).toString('hex');
let commandSerial = 0;
let openSocket: OpenBenchSocket = openLeanSocket;
const rooms: Room[] = [];
const clients: Client[] = [];

let ack = new Histogram();
let fanout = new Histogram();
let fanoutAll = new Histogram();
let fanoutByType = new KeyedHistograms();
let pageLatency = new Histogram();
const pages = { reads: 0, failed: 0, wireBytes: 0, bodyBytes: 0 };
const counters = {
  commandsSent: 0,
  accepted: 0,
  ackTimeouts: 0,
  retries: 0,
  fillerCommands: 0,
  lateTicks: 0,
  updatesExpected: 0,
  deliveries: 0,
  duplicateEvents: 0,
  outOfOrder: 0,
  outOfOrderCaptains: 0,
  malformed: 0,
  eventsBeforeSnapshot: 0,
  disconnects: 0,
};
const refused: Record<string, number> = {};
const errors: Record<string, number> = {};
const problems: Record<string, number> = {};
const wire = {
  eventsFrames: 0,
  eventsBytes: 0,
  eventsPerFrame: 0,
  ackFrames: 0,
  ackBytes: 0,
  commandFrames: 0,
  commandBytes: 0,
  snapshotFrames: 0,
  snapshotBytes: 0,
};

/** A generator may be told to `start` several times (interleaved rounds): each window reports only itself. */
function resetStats(): void {
  ack = new Histogram();
  fanout = new Histogram();
  fanoutAll = new Histogram();
  fanoutByType = new KeyedHistograms();
  pageLatency = new Histogram();
  pages.reads = 0;
  pages.failed = 0;
  pages.wireBytes = 0;
  pages.bodyBytes = 0;
  for (const k of Object.keys(counters) as (keyof typeof counters)[]) counters[k] = 0;
  for (const k of Object.keys(wire) as (keyof typeof wire)[]) wire[k] = 0;
  for (const rec of [refused, errors, problems]) for (const k of Object.keys(rec)) delete rec[k];
  for (const room of rooms) {
    room.updates.clear();
    room.late = false;
  }
}

let measureFrom = Number.POSITIVE_INFINITY;
let measureTo = Number.POSITIVE_INFINITY;
let sendingUntil = Number.POSITIVE_INFINITY;
let stopping = false;

const bump = (rec: Record<string, number>, key: string) => {
  rec[key] = (rec[key] ?? 0) + 1;
};

const send = (message: FromGen) => {
  if (process.connected) process.send?.(message);
};

/** Bytes of a WebSocket text frame carrying an engine.io message packet ("4" + data). */
function frameBytes(data: string, fromClient: boolean): number {
  const payload = 1 + Buffer.byteLength(data);
  const header = payload < 126 ? 2 : payload < 65536 ? 4 : 10;
  return payload + header + (fromClient ? 4 : 0);
}

function safeId(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 48);
}

function openClient(room: Room, role: 'captain' | 'spectator', side: Side | null, sampled: boolean): Promise<Client> {
  const { url } = init!;
  const auth: Record<string, unknown> = { matchId: room.spec.matchId };
  if (role === 'captain' && side) {
    if (room.spec.tokens) auth.token = room.spec.tokens[side];
    auth.deviceId = safeId(`bench-${side}-${room.spec.matchId}`).padEnd(8, '0');
  }
  // Bytes are counted on the sampled clients only: one spectator per room (events) and the captains (acks, commands).
  const onPacket = sampled
    ? (direction: 'in' | 'out', d: string) => {
        if (direction === 'out') {
          if (d.includes('"command"')) {
            wire.commandFrames++;
            wire.commandBytes += frameBytes(d, true);
          }
        } else if (role === 'spectator' && d.startsWith('2["events"')) {
          wire.eventsFrames++;
          wire.eventsBytes += frameBytes(d, false);
        } else if (d.startsWith('2["snapshot"')) {
          wire.snapshotFrames++;
          wire.snapshotBytes += frameBytes(d, false);
        } else if (role === 'captain' && d.charCodeAt(0) === 51 /* '3': ack */) {
          wire.ackFrames++;
          wire.ackBytes += frameBytes(d, false);
        }
      }
    : undefined;

  return new Promise<Client>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(new Error('no snapshot within 30 s of connecting')), CONNECT_TIMEOUT_MS);
    function fail(err: Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.socket.close();
      reject(err);
    }
    const client: Client = {
      socket: openSocket(
        { url, auth, ...(onPacket ? { onPacket } : {}) },
        {
          event(name, args) {
            if (name === 'events') onEvents(client, args[0] as EventsMessage);
            else if (name === 'snapshot') {
              const message = args[0] as SnapshotMessage;
              if (client.version === undefined || message.version >= client.version) client.version = message.version;
              if (!settled) {
                settled = true;
                clearTimeout(timer);
                resolve(client);
              }
            } else if (name === 'problem') bump(problems, String((args[0] as { code?: string } | undefined)?.code));
            else if (name === 'replaced') bump(problems, 'replaced');
          },
          connect() {},
          connectError(message, data) {
            fail(new Error(`connect_error: ${message} ${JSON.stringify(data ?? '')}`));
          },
          disconnect() {
            if (!stopping && !client.disconnected) counters.disconnects++;
            client.disconnected = true;
            fail(new Error('disconnected before the snapshot'));
          },
        },
      ),
      room,
      role,
      side,
      version: undefined,
      sampled,
      disconnected: false,
    };
  });
}

function onEvents(client: Client, message: EventsMessage): void {
  const now = performance.now();
  const room = client.room;
  const events = message.events;
  if (!Array.isArray(events) || events.length === 0) {
    counters.malformed++;
    return;
  }
  if (client.version === undefined) {
    counters.eventsBeforeSnapshot++;
    return;
  }
  const from = message.fromVersion;
  for (let i = 0; i < events.length; i++) {
    if (events[i]!.version !== from + i + 1) {
      counters.malformed++;
      break;
    }
  }
  const last = from + events.length;
  if (client.role === 'captain') {
    for (const e of events) {
      const ev = e.event as { type?: string; entryId?: string };
      if (ev.type === 'ScoreEntered' && ev.entryId) room.lastEntryId = ev.entryId;
    }
  }
  if (from < client.version) {
    counters.duplicateEvents += Math.min(last, client.version) - from;
    if (last > client.version) client.version = last;
    return;
  }
  if (from > client.version) {
    counters.outOfOrder++;
    if (client.role === 'captain') counters.outOfOrderCaptains++;
    client.version = last;
    return;
  }
  client.version = last;
  if (client.role !== 'spectator') return;
  counters.deliveries++;
  const update = room.updates.get(from);
  if (!update) return;
  const latency = now - update.t0;
  if (update.measured) {
    fanout.record(latency);
    fanoutByType.record(update.type, latency);
  }
  if (latency > update.maxLatency) update.maxLatency = latency;
  if (--update.remaining === 0) {
    if (update.measured) fanoutAll.record(update.maxLatency);
    room.updates.delete(from);
  }
}

function sendNext(room: Room): void {
  if (stopping) return;
  const now = performance.now();
  if (now >= sendingUntil) return;
  if (room.inFlight) {
    room.late = true;
    if (now >= measureFrom && now < measureTo) counters.lateTicks++;
    return;
  }
  const step = stepAt(room.step);
  const filler = room.step >= script.length;
  const typeKey = filler ? `${step.type} (filler)` : step.type;
  if (filler) {
    room.finished = true;
    if (now >= measureFrom && now < measureTo) counters.fillerCommands++;
  }
  const captain = room.captains[step.side];
  if (!captain || captain.disconnected) return;
  const command = leagueIds(room, step.build({ now: Date.now(), lastEntryId: room.lastEntryId }));
  const commandId = `c${room.index.toString(36)}x${room.step}x${RUN_TAG}${(commandSerial++).toString(36)}`;
  const fromVersion = room.version;
  const measured = now >= measureFrom && now < measureTo;
  room.step++;
  room.inFlight = true;
  room.updates.set(fromVersion, { t0: now, type: typeKey, measured, remaining: room.spectators, maxLatency: 0 });
  if (measured) counters.commandsSent++;
  const envelope = { commandId, matchId: room.spec.matchId, expectedVersion: fromVersion, type: command.type, payload: command.payload };
  // Like a phone: "not saved, try again" (and a lost answer) is retried with the same commandId; the server
  // answers a retry of an applied command with the earlier answer. Latency is counted to the final answer.
  const attempt = (n: number) => {
    captain.socket.emitWithAck('command', envelope, ACK_TIMEOUT_MS, (err: Error | null, raw: unknown) => {
      const reply = raw as Reply;
      const t1 = performance.now();
      const retryable = err !== null || (reply.status === 'error' && RETRYABLE.has(reply.code));
      if (retryable && n < MAX_ATTEMPTS && !stopping) {
        if (measured) counters.retries++;
        bump(errors, `${err ? 'ACK_TIMEOUT' : reply.status === 'error' ? reply.code : '?'} (retried)`);
        setTimeout(() => attempt(n + 1), RETRY_DELAY_MS);
        return;
      }
      room.inFlight = false;
      if (err) {
        if (measured) counters.ackTimeouts++;
      } else {
        if (measured) ack.record(t1 - now);
        const answer = reply.status === 'duplicate' ? reply.answer : reply;
        if (reply.status === 'duplicate') bump(errors, 'duplicate answer (after a retry)');
        if (answer.status === 'accepted') {
          if (measured) counters.accepted++;
          if (answer.version > fromVersion) {
            room.version = Math.max(room.version, answer.version);
            if (measured) counters.updatesExpected++;
          } else room.updates.delete(fromVersion);
        } else {
          room.updates.delete(fromVersion);
          if (answer.status === 'refused') bump(refused, `${step.type}:${answer.rule}:${answer.code}`);
          else if (answer.status === 'error') bump(errors, answer.code);
          else bump(errors, answer.status);
        }
      }
      if (room.late) {
        room.late = false;
        setImmediate(() => sendNext(room));
      }
    });
  };
  attempt(1);
}

/**
 * A league room's players are the script's under league ids of their own (RoomSpec.playerTag). The script's ids
 * are exactly "H1".."H8" and "A1".."A8" as JSON strings; nothing else in a command is. A few µs per command.
 */
function leagueIds(room: Room, command: CommandInput): CommandInput {
  const tag = room.spec.playerTag;
  return tag ? (JSON.parse(JSON.stringify(command).replace(/"([HA][1-8])"/g, `"$1-${tag}"`)) as CommandInput) : command;
}

/**
 * Spectators opening the season's pages (a league night): reads spread evenly over the warm-up and the window, each
 * timed from request to the last byte of the answer; those started inside the window are counted.
 */
function readPages(startPerf: number): void {
  const spec = init!.pages;
  if (!spec || spec.perSecond <= 0 || spec.paths.length === 0) return;
  const every = 1000 / spec.perSecond;
  let k = 0;
  const tick = () => {
    const at = startPerf + k * every;
    if (stopping || at >= sendingUntil) return;
    pageTimer = setTimeout(() => {
      const path = spec.paths[k % spec.paths.length]!;
      k++;
      const t0 = performance.now();
      const measured = t0 >= measureFrom && t0 < measureTo;
      pagesInFlight++;
      fetch(`${init!.url}${path}`)
        .then(async (res) => {
          // fetch asks for gzip as a browser does, and decodes it: the header says what crossed the wire.
          const body = await res.arrayBuffer();
          if (!measured) return;
          if (res.ok) {
            pages.reads++;
            pageLatency.record(performance.now() - t0);
            pages.bodyBytes += body.byteLength;
            pages.wireBytes += Number(res.headers.get('content-length') ?? body.byteLength);
          } else pages.failed++;
        })
        .catch(() => {
          if (measured) pages.failed++;
        })
        .finally(() => pagesInFlight--);
      tick();
    }, Math.max(0, at - performance.now()));
  };
  tick();
}
let pageTimer: NodeJS.Timeout | null = null;
let pagesInFlight = 0;

async function connectAll(): Promise<void> {
  const { rooms: specs, spectatorsPerRoom, connectConcurrency, genIndex } = init!;
  const started = performance.now();
  specs.forEach((spec, index) => {
    rooms.push({
      spec,
      index: genIndex * 100_000 + index,
      clients: [],
      captains: {},
      spectators: spectatorsPerRoom,
      version: 0,
      step: 0,
      inFlight: false,
      late: false,
      lastEntryId: null,
      updates: new Map(),
      timer: null,
      finished: false,
    });
  });
  // Captains first (they are few), then spectators room by room.
  const jobs: (() => Promise<Client>)[] = [];
  for (const room of rooms) {
    for (const side of ['HOME', 'AWAY'] as const) jobs.push(() => openClient(room, 'captain', side, true));
  }
  for (let s = 0; s < spectatorsPerRoom; s++) {
    for (const room of rooms) jobs.push(() => openClient(room, 'spectator', null, s === 0));
  }
  let failed = 0;
  let firstError: string | null = null;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        const c = await job();
        clients.push(c);
        c.room.clients.push(c);
        if (c.role === 'captain' && c.side) c.room.captains[c.side] = c;
      } catch (err) {
        failed++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: connectConcurrency }, worker));
  for (const room of rooms) {
    room.spectators = room.clients.filter((c) => c.role === 'spectator').length;
    room.version = room.captains.HOME?.version ?? room.captains.AWAY?.version ?? 0;
  }
  send({ type: 'connected', genIndex, sockets: clients.length, failed, firstError, ms: performance.now() - started, snapshotFrames: wire.snapshotFrames, snapshotBytes: wire.snapshotBytes });
}

async function run(start: StartMessage): Promise<void> {
  resetStats();
  // Convert the orchestrator's epoch times to this process's performance.now timeline.
  const offset = performance.now() - Date.now();
  const startPerf = start.startAt + offset;
  measureFrom = startPerf + start.warmupMs;
  measureTo = measureFrom + start.measureMs;
  sendingUntil = measureTo;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let cpuStart = process.cpuUsage();
  setTimeout(() => {
    loop.enable();
    cpuStart = process.cpuUsage();
  }, Math.max(0, measureFrom - performance.now()));

  // Rooms start spread evenly over one interval (a fixed, shuffled phase each): a steady command rate, no bursts.
  const phases = rooms.map((_, i) => (i + 0.5) / rooms.length);
  const rand = mulberry32(init!.genIndex + 1);
  for (let i = phases.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [phases[i], phases[j]] = [phases[j]!, phases[i]!];
  }
  for (const [r, room] of rooms.entries()) {
    const phase = phases[r]! * start.intervalMs;
    const tick = (k: number) => {
      const at = startPerf + phase + k * start.intervalMs;
      if (at >= sendingUntil) return;
      room.timer = setTimeout(() => {
        sendNext(room);
        tick(k + 1);
      }, Math.max(0, at - performance.now()));
    };
    tick(0);
  }
  readPages(startPerf);

  await new Promise((r) => setTimeout(r, Math.max(0, measureTo - performance.now())));
  loop.disable();
  const cpu = process.cpuUsage(cpuStart);
  // Drain: wait until every command is answered and every update delivered, or drainMs at most.
  const drainUntil = performance.now() + start.drainMs;
  while (performance.now() < drainUntil) {
    const busy = rooms.some((r) => r.inFlight || [...r.updates.values()].some((u) => u.remaining > 0 && u.measured));
    const behind = clients.some((c) => !c.disconnected && c.version !== undefined && c.version < c.room.version);
    if (!busy && !behind && pagesInFlight === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }

  let lostEvents = 0;
  let clientsBehind = 0;
  for (const c of clients) {
    const v = c.version ?? 0;
    if (v < c.room.version) {
      lostEvents += c.room.version - v;
      clientsBehind++;
    }
  }
  wire.eventsPerFrame = 0;
  const stats: GenStats = {
    genIndex: init!.genIndex,
    rooms: rooms.length,
    sockets: clients.length,
    ...counters,
    refused,
    errors,
    roomsFinished: rooms.filter((r) => r.finished).length,
    ack: ack.toJSON(),
    fanout: fanout.toJSON(),
    fanoutAll: fanoutAll.toJSON(),
    fanoutByType: fanoutByType.toJSON(),
    lostEvents,
    clientsBehind,
    problems,
    wire,
    pages: { ...pages, latency: pageLatency.toJSON() },
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    loopDelayMaxMs: loop.max / 1e6,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMb: process.memoryUsage().rss / 1e6,
  };
  send({ type: 'done', stats });
}

/** A small seeded PRNG (the bench is reproducible; lint keeps Math.random out of the repo). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function closeAll(code: number): void {
  stopping = true;
  for (const room of rooms) if (room.timer) clearTimeout(room.timer);
  if (pageTimer) clearTimeout(pageTimer);
  for (const c of clients) c.socket.close();
  setTimeout(() => process.exit(code), 200).unref();
}

process.on('message', (message: ToGen) => {
  try {
    if (message.type === 'init') {
      init = message;
      openSocket = message.client === 'socketio' ? openSocketIoSocket : openLeanSocket;
      if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(message.url)) throw new Error(`refusing a non-local target ${message.url}`);
      connectAll().catch((err: unknown) => send({ type: 'fatal', genIndex: message.genIndex, error: String(err) }));
    } else if (message.type === 'start') {
      run(message).catch((err: unknown) => send({ type: 'fatal', genIndex: init?.genIndex ?? -1, error: String(err) }));
    } else if (message.type === 'close') {
      closeAll(0);
    }
  } catch (err) {
    send({ type: 'fatal', genIndex: init?.genIndex ?? -1, error: String(err) });
    closeAll(1);
  }
});
// The orchestrator went away: stop at once.
process.on('disconnect', () => closeAll(0));
setTimeout(() => closeAll(3), MAX_LIFETIME_MS).unref();
