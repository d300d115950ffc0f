import { Deferred, Effect, Exit } from "effect"

/**
 * Runs `effect` at most once at a time and keeps its success: later and concurrent runs share it. A failure is
 * not kept — the next run tries again (a frame that did not load, code that did not download).
 */
export const memoized = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => {
  let current: Deferred.Deferred<A, E> | undefined
  return Effect.suspend(() => {
    if (current !== undefined) return Deferred.await(current)
    const outcome = Deferred.makeUnsafe<A, E>()
    current = outcome
    return Effect.flatMap(Effect.exit(effect), (exit) => {
      if (Exit.isFailure(exit)) current = undefined
      return Effect.andThen(Deferred.done(outcome, exit), exit)
    })
  })
}
