/**
 * How long a session waits, idle, after its last target connected and before its first window (`--settle=<ms>`
 * overrides it).
 *
 * Engine.IO pings every connection PING_INTERVAL_MS after it opened, and neither League Night's server nor the bare
 * relay changes that interval. A session connects each target's phones together, one target after the other, so the
 * last target's first ping round comes PING_INTERVAL_MS after its phones connected. With 1 s of settling, as until 7
 * Dec, that round fell into the session's first window, which belongs to another target: at 15,000 phones and at 680
 * matches the idle target's processes then took 0.75-0.99 of a core in the window's busiest second (at most 0.67 in
 * the other windows), and the target measuring had its slowest window there (bench/HISTORY.md, "A sixtieth host").
 * Waiting out that round, plus a margin for the pongs and what follows them, leaves every measured window to the
 * targets' steady work. The wait is idle: the rooms do not move on through their script meanwhile.
 */
export const PING_INTERVAL_MS = 25_000;

/** What a full run waits: the last target's first ping round, and 15 s more. */
export const SETTLE_AFTER_CONNECT_MS = PING_INTERVAL_MS + 15_000;

/** What `--quick` waits: it has a budget of under 2 minutes and no session large enough for the round to matter. */
export const QUICK_SETTLE_MS = 1000;
