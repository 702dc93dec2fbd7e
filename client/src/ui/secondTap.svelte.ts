/**
 * A button whose action cannot be taken back (stopping a match, a forfeit for the other team): the first tap only
 * arms it, so it can say "Sure?", and a second tap within a few seconds does it. A pocket tap or a thumb slipping in
 * a crowded bar then costs nothing.
 */
export function secondTap(action: () => void, windowMs = 4000): { readonly armed: boolean; tap: () => void } {
  let armed = $state(false);
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    get armed() {
      return armed;
    },
    tap() {
      if (timer) clearTimeout(timer);
      if (!armed) {
        armed = true;
        timer = setTimeout(() => (armed = false), windowMs);
        return;
      }
      armed = false;
      action();
    },
  };
}
