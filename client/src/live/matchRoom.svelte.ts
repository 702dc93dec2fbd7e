import { fold, type Actor, type Command, type MatchEvent, type MatchState, type Refusal, type Side } from '$shared/index';
import type { decide } from '$shared/engine/decide';
import type { CheckedTap, recheckNotices } from './rules';
import { PROTOCOL_VERSION, type CommandAnswer, type Draft, type DraftMessage, type Handshake, type Presence, type Role } from '$shared/protocol';
import { CatchUpRequests, raisedOffset, takeEvents, takeSnapshot } from './follow';
import { deviceId, newCommandId } from './ids';
import { Outbox, type Queued } from './outbox';
import { clockKey, readJson, remove, stateKey, tokenKey, writeJson } from './storage';
import { Transport, type ServerMessage } from './transport';
import { asDraftMessage, asEvents, asPresence, asProblem, asSnapshot, asWelcome, isState } from './wire';

/**
 * One match as this phone holds it: the last state the server sent, the commands waiting to go out, the state of
 * the connection and what the server refused. Screens read it and call `act`; nothing else talks to the network.
 *
 * What the captain sees is `view`: the server's state with the waiting commands applied by the same engine
 * (`decide` then `fold`), so a score typed in a dead spot shows at once, marked as not sent yet. The server still
 * decides each of them when it arrives, and a refusal comes back as a notice naming the rule.
 *
 * The rules themselves (`decide`) are loaded only on a captain's phone, right after the page: a spectator only
 * folds events and never downloads them.
 */

export type Link = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'replaced' | 'closed';

export interface Notice {
  id: number;
  /**
   * refused: by the server; checked: by this phone's copy of the engine, before sending; allowed: a tap that was
   * checked and refused here, which the rules allow now that the phone has caught up; error: not stored.
   */
  kind: 'refused' | 'checked' | 'allowed' | 'error' | 'info';
  label: string;
  rule?: string;
  message: string;
  /**
   * For a refusal by the phone's own copy of the rules: ask the server anyway (the phone may be behind). For an
   * `allowed` notice: send the tap as the captain made it, checked again first.
   */
  send?: () => void;
}

interface RememberedLink {
  token: string;
  side?: Side;
}

/** How long a command may wait for its answer before the connection is considered dead and reopened. */
const ANSWER_TIMEOUT_MS = 8000;

export class MatchRoom {
  readonly matchId: string;
  link = $state<Link>('connecting');
  role = $state<Role | null>(null);
  side = $state<Side | null>(null);
  /** The state as the server last sent it. */
  server = $state.raw<MatchState | null>(null);
  queue = $state.raw<readonly Queued[]>([]);
  notices = $state<Notice[]>([]);
  /** Set while the head of the queue is being retried after a "not saved". */
  stalled = $state<string | null>(null);
  /** The own team's shared lineup draft (MR-6). */
  teamDraft = $state.raw<DraftMessage | null>(null);
  /** Phones on each captain link, as the server last counted them; null while this phone is not live. */
  captainsPresent = $state.raw<Presence['captains'] | null>(null);
  /** Why this match cannot be shown at all (no such match). */
  fatal = $state<string | null>(null);
  /** Why the link is refused for good: no such match, or a captain link the commissioner replaced (MR-1). */
  fatalKind = $state<'no-match' | 'refused' | null>(null);
  /** Events received live in this session, for the history screen. */
  live = $state.raw<{ version: number; event: MatchEvent }[]>([]);
  /** Wall clock, ticking each second, for countdowns. */
  now = $state(Date.now());

  readonly actor: Actor = $derived(this.role === 'captain' && this.side ? { role: 'captain', side: this.side } : this.role === 'commissioner' ? { role: 'commissioner' } : { role: 'spectator' });
  readonly isCaptain = $derived(this.actor.role === 'captain');
  readonly view: MatchState | null = $derived.by(() => this.#project());

  /** The engine's `decide`, once loaded (captains only). */
  #rules = $state.raw<typeof decide | null>(null);
  #recheckNotices: typeof recheckNotices | null = null;
  #rulesLoading: Promise<void> | null = null;
  #token: string | null;
  #device = deviceId();
  #transport: Transport;
  #outbox: Outbox;
  /**
   * Server clock minus this phone's clock: from the last welcome (remembered, so it holds offline too), raised by
   * the server stamps of the events that arrive since (follow.ts, raisedOffset).
   */
  #offset = readJson<number>(clockKey) ?? 0;
  #catchUp = new CatchUpRequests();
  #unsentDraft: Draft | null = null;
  #noticeSeq = 0;
  /**
   * The taps this phone's own rules refused, by notice id. The refusal may only mean the phone was behind (the other
   * captain's confirmation not arrived yet), so each is checked again as the phone catches up (#recheck): the notice
   * then says the tap is allowed now and offers to send it, instead of a stale refusal that no longer holds.
   */
  #checked = new Map<number, CheckedTap>();
  #saveTimer: ReturnType<typeof setTimeout> | null = null;
  #cleanup: (() => void)[] = [];

  constructor(matchId: string, linkToken: string | null) {
    this.matchId = matchId;
    const remembered = readJson<RememberedLink>(tokenKey(matchId));
    const newLink = !!linkToken && !!remembered && linkToken !== remembered.token;
    if (linkToken && linkToken !== remembered?.token) writeJson(tokenKey(matchId), { token: linkToken } satisfies RememberedLink);
    this.#token = linkToken ?? remembered?.token ?? null;
    if (this.#token) {
      // Until the server says otherwise, a phone that holds a captain link is that team's captain (works offline).
      this.#loadRules();
      this.role = 'captain';
      this.side = linkToken && linkToken !== remembered?.token ? null : (remembered?.side ?? null);
    }
    const cached = readJson<unknown>(stateKey(matchId));
    if (isState(cached) && cached.setup.matchId === matchId) this.server = cached;

    this.#outbox = new Outbox(matchId, {
      ready: () => this.link === 'live' && this.role === 'captain',
      send: (item, done) => this.#transport.command(envelope(matchId, item), ANSWER_TIMEOUT_MS, done),
      answered: (item, answer) => this.#answered(item, answer),
      dropped: (item, code, message) => this.#notify({ kind: 'error', label: item.label, message: `Not saved (${code}): ${message}` }),
      stalled: (message) => (this.stalled = message),
      silent: () => this.#transport.restart(),
      changed: (items) => (this.queue = items),
    });
    this.queue = this.#outbox.items;
    if (newLink) {
      // Another captain link of this match was opened on this phone: what the old one left unsent is not this seat's.
      for (const q of this.#outbox.clear()) this.#notify({ kind: 'error', label: q.label, message: 'Not sent: it was made with another captain link.' });
    }

    this.#transport = new Transport(() => this.#handshake(), {
      // The welcome that follows carries the server's clock (#setClock).
      opened: () => undefined,
      closed: (retrying) => this.#closed(retrying),
      refused: (code, message) => {
        this.link = 'closed';
        this.fatalKind = code === 'UNKNOWN_MATCH' ? 'no-match' : 'refused';
        this.fatal = code === 'UNKNOWN_MATCH' ? 'There is no match at this link. Check the link with your captain or the league.' : message;
      },
      message: (name, payload) => this.#message(name, payload),
    });

    const online = () => {
      this.link = 'reconnecting';
      this.#transport.start();
    };
    const offline = () => {
      // The browser knows the network is gone: stop pretending, keep commands for later.
      this.#transport.stop();
      this.#outbox.connectionLost();
      this.link = 'offline';
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const tick = setInterval(() => {
      this.now = Date.now();
      this.#recheck(); // some refusals are a matter of time (a waiting window that runs out)
    }, 1000);
    this.#cleanup.push(() => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearInterval(tick);
    });
    if (navigator.onLine === false) this.link = 'offline';
    else this.#transport.start();
  }

  /** The link's token (captain or admin), for the HTTP routes that check it as the handshake does (report photos). */
  get linkToken(): string | null {
    return this.#token;
  }

  /** The server's clock as this phone estimates it (commands are stamped by the server; previews use this). */
  serverNow(): number {
    return Date.now() + this.#offset;
  }

  /**
   * serverNow() for what a screen shows: read through the ticking `now`, so a `$derived` that uses it is recomputed
   * every second as well as on every change of the match. Presence is a matter of time (an arrival counts from the
   * minute entered), so a count must not wait for the match's next event to catch up with the clock.
   */
  get serverClock(): number {
    void this.now;
    return this.serverNow();
  }

  /** What the rules say about a command right now, on this phone: null when allowed, undefined while loading. */
  check(command: Command): Refusal | null | undefined {
    const state = this.view;
    const rules = this.#rules;
    if (!state || !rules) return undefined;
    const d = rules(state, { ...command, at: this.serverNow() }, this.actor);
    return d.ok ? null : d.refusal;
  }

  /**
   * A captain's tap: checked here first (a refusal shows at once, with the rule), then queued and sent in order.
   * `force` sends even what this phone's copy of the rules refuses: the phone may be behind the server.
   */
  act(command: Command, label: string, force = false): boolean {
    if (!this.isCaptain) {
      this.#notify({ kind: 'refused', label, rule: 'MR-1', message: 'Only the two captains enter the scoresheet; this phone follows the match.' });
      return false;
    }
    if (!force) {
      // Until the rules are loaded (the first second after opening), the server alone decides.
      const refusal = this.check(command);
      if (refusal) {
        this.#checked.set(this.#notify({ kind: 'checked', label, rule: refusal.rule, message: refusal.message, send: () => this.act(command, label, true) }), { command, label });
        return false;
      }
    }
    // The server parses every command with the engine's zod schema; the phone builds complete commands itself.
    this.#outbox.add({ commandId: newCommandId(), command, at: this.serverNow(), label, expectedVersion: this.server?.version ?? 0 });
    return true;
  }

  /** Shares the team's lineup draft with the team's other captain phone (never with the room). */
  shareDraft(draft: Draft): void {
    if (!this.isCaptain || !this.side) return;
    this.teamDraft = { matchId: this.matchId, side: this.side, draft, at: this.serverNow() };
    this.#unsentDraft = draft;
    this.#sendDraft();
  }

  /** Whether an entry shown in the view is still only on this phone. */
  isUnsent(entryId: string): boolean {
    return !!this.server && !this.server.entries.some((e) => e.id === entryId);
  }

  /**
   * Tells the captain something that did not go through the socket (a report photo the server refused for good,
   * sent over HTTP from a lazily loaded part of the page): shown with the other refusals, never silently dropped.
   */
  tell(n: Omit<Notice, 'id'>): void {
    this.#notify(n);
  }

  /** Runs `stop` when the room is disposed (the page leaves the match): parts loaded later hang their timers here. */
  onDispose(stop: () => void): void {
    this.#cleanup.push(stop);
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
    this.#checked.delete(id);
  }

  /** Reopens a connection closed because another tab of this phone took the seat. */
  takeOver(): void {
    this.link = 'reconnecting';
    this.#transport.restart();
  }

  /**
   * Forgets the captain link on this phone: it becomes a spectator's. Also the way on from a link refused for good
   * (replaced by the commissioner, MR-1): the match itself is public, and without the token the handshake opens it
   * for following, as the spectator link would.
   */
  forgetCaptainLink(): void {
    remove(tokenKey(this.matchId));
    this.#token = null;
    this.role = 'spectator';
    this.side = null;
    if (this.fatalKind === 'refused') {
      this.fatal = null;
      this.fatalKind = null;
      this.link = 'connecting';
    }
    this.#transport.restart();
  }

  dispose(): void {
    this.#outbox.dispose();
    this.#transport.stop();
    for (const c of this.#cleanup) c();
    this.#saveState();
  }

  // ---------------------------------------------------------------------------------------------------------------

  #handshake(): Handshake {
    return {
      matchId: this.matchId,
      ...(this.#token ? { token: this.#token } : {}),
      deviceId: this.#device,
      ...(this.server ? { version: this.server.version } : {}),
    };
  }

  #project(): MatchState | null {
    let state = this.server;
    const actor = this.actor;
    const rules = this.#rules;
    if (!state || actor.role !== 'captain' || !rules) return state;
    for (const q of this.queue) {
      const d = rules(state, { ...q.command, at: q.at }, actor);
      if (d.ok) state = fold(state, d.events);
    }
    return state;
  }

  #loadRules(): void {
    this.#rulesLoading ??= import('./rules')
      .then((m) => {
        this.#recheckNotices = m.recheckNotices;
        this.#rules = m.decide;
      })
      .catch(() => {
        this.#rulesLoading = null; // offline before it arrived: try again at the next welcome
      });
  }

  #closed(retrying: boolean): void {
    this.#outbox.connectionLost();
    this.captainsPresent = null; // unknown until the server counts again
    this.#catchUp.reset();
    if (this.link === 'replaced' || this.link === 'closed') return;
    this.link = navigator.onLine === false ? 'offline' : retrying ? 'reconnecting' : 'offline';
  }

  #message(name: ServerMessage, payload: unknown): void {
    switch (name) {
      case 'welcome': return this.#welcome(payload);
      case 'events': return this.#events(payload);
      case 'snapshot': return this.#snapshot(payload);
      case 'draft': {
        const m = asDraftMessage(payload);
        if (m && m.matchId === this.matchId && m.side === this.side) this.teamDraft = m;
        return;
      }
      case 'presence': {
        const m = asPresence(payload);
        if (m && m.matchId === this.matchId) this.captainsPresent = m.captains;
        return;
      }
      case 'replaced':
        this.link = 'replaced';
        this.#transport.stop();
        this.#outbox.connectionLost();
        return;
      case 'problem': {
        const p = asProblem(payload);
        if (p && p.code !== 'UNAVAILABLE') this.#notify({ kind: 'error', label: 'Connection', message: p.message });
        return;
      }
      default: {
        const never: never = name;
        return never;
      }
    }
  }

  #welcome(payload: unknown): void {
    const w = asWelcome(payload);
    if (!w || w.matchId !== this.matchId) return;
    this.#setClock(w.serverTime);
    if (w.protocolVersion !== PROTOCOL_VERSION) {
      this.#notify({ kind: 'info', label: 'Update', message: 'The scoresheet was updated: reload the page when you can.' });
    }
    this.role = w.role;
    this.side = w.side ?? null;
    if (w.tokenRejected) {
      remove(tokenKey(this.matchId));
      this.#token = null;
      this.#notify({ kind: 'error', label: 'Captain link', message: 'This captain link is not valid for this match (an old or mistyped link). You are following the match as a spectator.' });
    } else if (this.#token && this.side) {
      writeJson(tokenKey(this.matchId), { token: this.#token, side: this.side } satisfies RememberedLink);
    }
    if (this.role === 'captain') this.#loadRules();
    else {
      for (const q of this.#outbox.clear()) {
        this.#notify({ kind: 'refused', label: q.label, rule: 'MR-1', message: 'Not sent: this phone is not a captain’s for this match.' });
      }
    }
    this.link = 'live';
    this.#outbox.pump();
    this.#sendDraft();
  }

  #events(payload: unknown): void {
    const m = asEvents(payload);
    if (!m || m.matchId !== this.matchId) return;
    const step = takeEvents(this.server, m);
    if (step.then === 'sync') return this.#sync();
    if (step.then === 'skip') return;
    for (const { event } of step.fresh) this.#offset = raisedOffset(this.#offset, event.at, Date.now());
    this.server = step.state;
    this.live = [...this.live, ...step.fresh].slice(-500);
    this.#stateChanged();
  }

  #snapshot(payload: unknown): void {
    const m = asSnapshot(payload);
    if (!m || m.matchId !== this.matchId || m.state.setup.matchId !== this.matchId) return;
    const { state, thenSync } = takeSnapshot(this.server, m);
    this.server = state;
    this.#stateChanged();
    if (thenSync) this.#sync();
  }

  #sync(): void {
    if (!this.#transport.connected || !this.#catchUp.ask()) return;
    this.#transport.sync({ matchId: this.matchId, version: this.server?.version ?? 0 }, () => {
      if (this.#catchUp.answered()) this.#sync();
    });
  }

  #answered(item: Queued, answer: CommandAnswer): void {
    if (answer.status === 'refused') {
      this.#notify({ kind: 'refused', label: item.label, rule: answer.rule, message: answer.message });
    }
    // The events of an accepted command arrive before its answer; if they did not (another process broadcast them),
    // ask for what is missing.
    if (answer.version > (this.server?.version ?? 0)) setTimeout(() => {
      if (answer.version > (this.server?.version ?? 0)) this.#sync();
    }, 600);
  }

  #sendDraft(): void {
    const draft = this.#unsentDraft;
    if (!draft || this.link !== 'live' || !this.isCaptain) return;
    this.#transport.draft(draft, (reply) => {
      if (reply && this.#unsentDraft === draft) this.#unsentDraft = null;
    });
  }

  #notify(n: Omit<Notice, 'id'>): number {
    const notice = { ...n, id: ++this.#noticeSeq };
    this.notices = [...this.notices.slice(-4), notice];
    if (n.kind === 'info') setTimeout(() => this.dismiss(notice.id), 5000);
    return notice.id;
  }

  /** Checks the taps this phone refused again, as the phone catches up (rules.ts, recheckNotices). */
  #recheck(): void {
    if (this.#checked.size === 0 || !this.#recheckNotices) return;
    const next = this.#recheckNotices(this.notices, this.#checked, (c) => this.check(c), (c, label, force) => this.act(c, label, force));
    if (next) this.notices = next;
  }

  #stateChanged(): void {
    this.#recheck();
    if (this.#saveTimer) return;
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = null;
      this.#saveState();
    }, 800);
  }

  #saveState(): void {
    if (this.server) writeJson(stateKey(this.matchId), this.server);
  }

  /**
   * The server stamps commands; the phone previews them and shows countdowns (the waiting window) on the server's
   * clock, so both captains' phones count down to the same second whatever their own clocks say. The welcome's
   * `serverTime` left the server a moment ago: the offset errs by that one-way delay (tens of ms on a bar's wifi),
   * far below the second a countdown shows.
   */
  #setClock(serverTime: number): void {
    if (!Number.isFinite(serverTime)) return;
    this.#offset = serverTime - Date.now();
    writeJson(clockKey, this.#offset);
  }
}

function envelope(matchId: string, item: Queued) {
  return { commandId: item.commandId, matchId, expectedVersion: item.expectedVersion, type: item.command.type, payload: item.command.payload };
}
