/**
 * Reloads a league page's data every `ms` while the page is visible, and at once when the phone comes back to it:
 * standings move as matches are signed, and a phone in a pocket should not poll. Returns the cleanup for $effect.
 */
export function refreshWhileVisible(load: () => void, ms = 30_000): () => void {
  load();
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') load();
  }, ms);
  const onVisible = () => {
    if (document.visibilityState === 'visible') load();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
