import { Effect } from "effect"

/**
 * Runs `effect` at most once at a time and keeps its success: later and concurrent runs share it. A failure is
 * not kept (it lives 0 ms) — the next run tries again (a frame that did not load, code that did not download).
 *
 * A caller that gives up (reconnect's bound, a timeout) only stops waiting: the others still get the outcome.
 * When the last one waiting gives up the run is stopped and forgotten, so the next call starts afresh instead
 * of waiting for an outcome nobody will deliver (Effect's cache keeps no interrupted run).
 */
export const memoized = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> =>
  Effect.runSync(Effect.cachedWithTTL(effect, (exit) => (exit._tag === "Success" ? Infinity : 0)))
