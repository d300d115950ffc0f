import { Effect } from "effect"

/**
 * How long a page may stay busy before start-up work runs anyway: a page that never idles (a long animation)
 * still gets its remote configuration about a second after load.
 */
export const pageIdleTimeoutMs = 1000

/**
 * Settles when a page is idle after its first paint (`requestIdleCallback`, bounded by `pageIdleTimeoutMs`), so
 * start-up work that no first paint needs (loading the remote configuration's code, fetching it) does not
 * compete with rendering the connect button. Outside a page (Node, the CLI) it settles at once.
 */
export const whenPageIdle = (): Promise<void> => {
  const idle = (
    globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => unknown }
  ).requestIdleCallback
  if (typeof idle !== "function") return Promise.resolve()
  return new Promise((resolve) => void idle(() => resolve(), { timeout: pageIdleTimeoutMs }))
}

/**
 * `effect` once the page is idle after its first paint (at once outside a page): for the watchers a state
 * service starts with, which no first paint needs. Each begins from the current state, so starting late misses
 * nothing that matters: what changed meanwhile is what it sees first.
 */
export const afterPageIdle = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.andThen(Effect.promise(whenPageIdle), effect)
