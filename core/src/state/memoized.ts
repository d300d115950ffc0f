import { Deferred, Effect, Exit, Fiber } from "effect"

/** The run under way (or done): its outcome, the fiber running it, and how many callers wait for it. */
interface Shared<A, E> {
  readonly outcome: Deferred.Deferred<A, E>
  fiber: Fiber.Fiber<void> | undefined
  waiters: number
}

/**
 * Runs `effect` at most once at a time and keeps its success: later and concurrent runs share it. A failure is
 * not kept — the next run tries again (a frame that did not load, code that did not download).
 *
 * The run is a fiber of its own, so a caller that gives up (reconnect's bound, a timeout) only stops waiting:
 * the others still get the outcome. When the last one waiting gives up, the run is stopped and forgotten, so
 * the next call starts afresh instead of waiting for an outcome nobody will deliver.
 */
export const memoized = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => {
  let current: Shared<A, E> | undefined
  const run = (shared: Shared<A, E>) =>
    Effect.flatMap(Effect.exit(effect), (exit) => {
      if (Exit.isFailure(exit) && current === shared) current = undefined
      return Effect.asVoid(Deferred.done(shared.outcome, exit))
    })
  const leave = (shared: Shared<A, E>) =>
    Effect.suspend(() => {
      shared.waiters -= 1
      if (shared.waiters > 0 || Deferred.isDoneUnsafe(shared.outcome)) return Effect.void
      if (current === shared) current = undefined
      return shared.fiber === undefined ? Effect.void : Fiber.interrupt(shared.fiber)
    })
  return Effect.uninterruptibleMask((restore) =>
    Effect.gen(function* () {
      let shared = current
      if (shared === undefined) {
        const started: Shared<A, E> = { outcome: Deferred.makeUnsafe<A, E>(), fiber: undefined, waiters: 0 }
        current = started
        started.fiber = yield* Effect.forkDetach(run(started), { startImmediately: true })
        shared = started
      }
      shared.waiters += 1
      return yield* restore(Deferred.await(shared.outcome)).pipe(Effect.ensuring(leave(shared)))
    }),
  )
}
