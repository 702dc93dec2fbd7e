import type { Side } from '../../shared/index';
import type { Draft, DraftMessage } from '../../shared/protocol';
import type { RoomStore } from '../matches/roomStore';

/**
 * A team's lineup draft (MR-6): relayed live to that team's captain sockets only, and kept as a league document
 * (never in the match log) so the team's other phone, a reconnecting phone or another server process sees the
 * latest one. A draft older than DRAFT_TTL_MS is treated as gone: it belongs to an evening that is over.
 */
export const DRAFT_TTL_MS = 12 * 60 * 60 * 1000;

const COLLECTION = 'drafts';
const MAX_TRIES = 3;

const draftId = (matchId: string, side: Side) => `${matchId}/${side}`;

export class DraftBoard {
  constructor(
    private readonly store: RoomStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Saves the team's latest draft (last writer wins; a lost compare-and-set race just retries). */
  async save(matchId: string, side: Side, draft: Draft): Promise<DraftMessage> {
    const message: DraftMessage = { matchId, side, draft, at: this.clock() };
    for (let i = 0; i < MAX_TRIES; i++) {
      const current = await this.store.getDoc<DraftMessage>(COLLECTION, draftId(matchId, side));
      const put = await this.store.putDoc(COLLECTION, draftId(matchId, side), message, current?.rev ?? null);
      if (put.kind === 'ok') break;
    }
    return message;
  }

  /** The team's latest draft, if it is recent enough to still matter. */
  async latest(matchId: string, side: Side): Promise<DraftMessage | null> {
    const found = await this.store.getDoc<DraftMessage>(COLLECTION, draftId(matchId, side));
    if (!found || this.clock() - found.doc.at > DRAFT_TTL_MS) return null;
    return found.doc;
  }
}
