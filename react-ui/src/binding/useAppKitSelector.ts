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
 * rendering and hydration read `getServerState` (with the core's `ssr`, the state without a stored session, so
 * the first render in the browser matches the server's markup; React renders the live state right after).
 */
export const useAppKitSelector = <T>(
  selector: (state: AppKitState) => T,
  equalityFn: (a: T, b: T) => boolean = Object.is,
): T => {
  const appKit = useAppKitInstance("useAppKitSelector")
  const last = useRef<Selection<T> | undefined>(undefined)
  const lastServer = useRef<Selection<T> | undefined>(undefined)
  const selected = (state: AppKitState, cache: { current: Selection<T> | undefined }): T => {
    const previous = cache.current
    if (previous !== undefined && previous.state === state && previous.selector === selector)
      return previous.value
    const value = selector(state)
    const kept = previous !== undefined && equalityFn(previous.value, value) ? previous.value : value
    cache.current = { state, selector, value: kept }
    return kept
  }
  return useSyncExternalStore(
    appKit.subscribe,
    () => selected(appKit.getState(), last),
    () => selected(appKit.getServerState(), lastServer),
  )
}
