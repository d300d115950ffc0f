import type { AppKitState } from "@appkit/core"
import { useRef, useSyncExternalStore } from "react"
import { useAppKitInstance } from "./context"

/** Equal when both hold the same keys with identical (Object.is) values: a selection built fresh each time. */
export const shallowEqual = <T>(a: T, b: T): boolean => {
  if (Object.is(a, b)) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  )
}

interface Selection<T> {
  readonly state: AppKitState
  readonly selector: (state: AppKitState) => T
  readonly value: T
}

/**
 * The one place the skin reads the core's state: `useSyncExternalStore` over `appKit.subscribe` and
 * `appKit.getState()` (the same object until something changes), narrowed by `selector`. The selection is
 * kept while `equalityFn` finds it unchanged, so a component re-renders only when its slice changes. Server
 * rendering reads the same snapshot (the core builds its state synchronously).
 */
export const useAppKitSelector = <T>(
  selector: (state: AppKitState) => T,
  equalityFn: (a: T, b: T) => boolean = Object.is,
): T => {
  const appKit = useAppKitInstance("useAppKitSelector")
  const last = useRef<Selection<T> | undefined>(undefined)
  const read = (): T => {
    const state = appKit.getState()
    const previous = last.current
    if (previous !== undefined && previous.state === state && previous.selector === selector)
      return previous.value
    const value = selector(state)
    const kept = previous !== undefined && equalityFn(previous.value, value) ? previous.value : value
    last.current = { state, selector, value: kept }
    return kept
  }
  return useSyncExternalStore(appKit.subscribe, read, read)
}
