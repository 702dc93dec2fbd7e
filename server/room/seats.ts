/**
 * Who holds each captain seat in this process. A seat is a team's captain link on one device: the newest
 * connection of a seat wins (a phone that dropped and reconnected while its old socket has not timed out yet).
 *
 * The trap this class exists for: the OLD socket's `disconnect` fires after the new one registered. Releasing
 * compares socket ids, so a late disconnect never removes the newer registration.
 */
export class SeatRegistry {
  readonly #holders = new Map<string, string>();

  /** Registers `socketId` for `seat`; returns the socket id it replaces, if any. */
  claim(seat: string, socketId: string): string | null {
    const previous = this.#holders.get(seat) ?? null;
    this.#holders.set(seat, socketId);
    return previous === socketId ? null : previous;
  }

  /** Releases `seat` only if `socketId` still holds it; returns whether it did. */
  release(seat: string, socketId: string): boolean {
    if (this.#holders.get(seat) !== socketId) return false;
    this.#holders.delete(seat);
    return true;
  }

  holder(seat: string): string | null {
    return this.#holders.get(seat) ?? null;
  }

  get size(): number {
    return this.#holders.size;
  }
}
