import type { Command, Refusal } from '$shared/index';
import type { Notice } from './matchRoom.svelte';

/**
 * What a captain's phone loads right after the page (MatchRoom's #loadRules), outside the first load: the engine's
 * rules, and the second look at the taps they refused on this phone. A spectator's phone never downloads it.
 */
export { decide } from '$shared/engine/decide';

/** A tap this phone's own rules refused: the command as the captain made it, and what the notice calls it. */
export interface CheckedTap {
  command: Command;
  label: string;
}

/**
 * The notices with each refused tap checked again against the phone's state as it is now, or null when none
 * changed. A refusal on the phone may only mean the phone was behind (the other captain's lineup or confirmation
 * had not arrived yet): a tap allowed now says so and offers to send it; one refused for another reason by now shows
 * that reason. Nothing is sent here: the captain may have changed their mind, and a lineup or a signature is theirs
 * to send.
 */
export function recheckNotices(
  notices: readonly Notice[],
  taps: Map<number, CheckedTap>,
  check: (command: Command) => Refusal | null | undefined,
  act: (command: Command, label: string, force?: boolean) => void,
): Notice[] | null {
  // The taps of notices no longer shown (dismissed, or pushed out by newer ones) are forgotten.
  for (const id of taps.keys()) if (!notices.some((n) => n.id === id)) taps.delete(id);
  let changed = false;
  const next = notices.map((n): Notice => {
    const tap = taps.get(n.id);
    if (!tap) return n;
    const refusal = check(tap.command);
    if (refusal === undefined) return n;
    if (refusal === null) {
      if (n.kind === 'allowed') return n;
      changed = true;
      return { id: n.id, kind: 'allowed', label: n.label, message: 'This phone has caught up with the scoresheet: the rules allow it now.', send: () => act(tap.command, tap.label) };
    }
    if (n.kind === 'checked' && n.rule === refusal.rule && n.message === refusal.message) return n;
    changed = true;
    return { id: n.id, kind: 'checked', label: n.label, rule: refusal.rule, message: refusal.message, send: () => act(tap.command, tap.label, true) };
  });
  return changed ? next : null;
}
