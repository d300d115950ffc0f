import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeStore } from "./store"

interface State {
  readonly a: { readonly n: number }
  readonly b: { readonly n: number }
}

/** A store over two parts that change only when `set` replaces one of them (as SubscriptionRefs do). */
const harness = () => {
  let parts: State = { a: { n: 0 }, b: { n: 0 } }
  const errors: Array<unknown> = []
  const store = makeStore<State>(
    () => ({ a: parts.a, b: parts.b }),
    (error) => errors.push(error),
  )
  const set = (key: keyof State, n: number) => {
    parts = { ...parts, [key]: { n } }
    store.notify()
  }
  return { store, set, errors }
}

describe("makeStore", () => {
  it("starts watching for changes when the first listener subscribes, once, and not before", () => {
    let watched = 0
    const store = makeStore(
      () => ({ a: 1 }),
      () => undefined,
      () => watched++,
    )
    store.getState()
    store.notify()
    expect(watched).toBe(0)
    store.subscribe(() => undefined)()
    store.subscribe(
      (state) => state.a,
      () => undefined,
    )
    expect(watched).toBe(1)
  })

  it("keeps getState() the same object until a part changes, and keeps unchanged parts", () => {
    const { store, set } = harness()
    const first = store.getState()
    expect(store.getState()).toBe(first)
    set("a", 1)
    const second = store.getState()
    expect(second).not.toBe(first)
    expect(second.b).toBe(first.b)
  })

  it("calls a selector listener exactly when its slice changes, with the new and previous selection", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<keyof State>("a", "b"), fc.integer({ min: 0, max: 3 })), {
          maxLength: 30,
        }),
        (updates) => {
          const { store, set } = harness()
          const calls: Array<readonly [number, number]> = []
          store.subscribe(
            (state) => state.a.n,
            (selected, previous) => calls.push([selected, previous]),
          )
          const expected: Array<readonly [number, number]> = []
          let current = 0
          for (const [key, n] of updates) {
            set(key, n)
            if (key === "a" && n !== current) {
              expected.push([n, current])
              current = n
            }
          }
          expect(calls).toEqual(expected)
        },
      ),
    )
  })

  it("takes an equalityFn, fires immediately on request, and stops after unsubscribe", () => {
    const { store, set } = harness()
    const calls: Array<number> = []
    const unsubscribe = store.subscribe(
      (state) => state.a,
      (selected) => calls.push(selected.n),
      { equalityFn: (x, y) => x.n % 2 === y.n % 2, fireImmediately: true },
    )
    set("a", 2) // same parity as 0: equal, no call
    set("a", 3)
    unsubscribe()
    set("a", 4)
    expect(calls).toEqual([0, 3])
  })

  it("keeps notifying the others when one listener throws, and reports the error", () => {
    const { store, set, errors } = harness()
    const seen: Array<number> = []
    store.subscribe(() => {
      throw new Error("broken listener")
    })
    store.subscribe((state) => seen.push(state.b.n))
    set("b", 7)
    expect(seen).toEqual([7])
    expect(errors).toHaveLength(1)
  })

  it("notifies a whole-state listener once per new snapshot, not per notify call", () => {
    const { store, set } = harness()
    let calls = 0
    store.subscribe(() => calls++)
    set("a", 1)
    store.notify()
    store.notify()
    expect(calls).toBe(1)
  })
})
