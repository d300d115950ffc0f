/** Where a promise is now, for tests that move fake timers step by step: its value or error once settled. */
export type PromiseState<A> =
  | { readonly settled: "pending" }
  | { readonly settled: "resolved"; readonly value: A }
  | { readonly settled: "rejected"; readonly error: unknown }

/** Follows `promise` (handling its rejection); call the result to read its state now. */
export const promiseState = <A>(promise: Promise<A>): (() => PromiseState<A>) => {
  let state: PromiseState<A> = { settled: "pending" }
  promise.then(
    (value) => {
      state = { settled: "resolved", value }
    },
    (error: unknown) => {
      state = { settled: "rejected", error }
    },
  )
  return () => state
}
