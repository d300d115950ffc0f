/** Options of a selector subscription, as wagmi's `watch*` and zustand's `subscribeWithSelector` take them. */
export interface SubscribeOptions<T> {
  /** When two selections count as the same (no call): `Object.is` by default. */
  readonly equalityFn?: ((a: T, b: T) => boolean) | undefined
  /** Call the listener at once with the current selection (as both `selected` and `previous`). */
  readonly fireImmediately?: boolean | undefined
}

/** Subscribing to the whole state, or to one slice of it. Both return the unsubscribe function. */
export interface Subscribe<S> {
  (listener: (state: S) => void): () => void
  <T>(
    selector: (state: S) => T,
    listener: (selected: T, previous: T) => void,
    options?: SubscribeOptions<T>,
  ): () => void
}

export interface Store<S> {
  /** The same object until some part of the state changes (what React's useSyncExternalStore needs). */
  readonly getState: () => S
  readonly subscribe: Subscribe<S>
  /** Tells subscribers about a change, once per new snapshot; called after every state change. */
  readonly notify: () => void
}

/**
 * A snapshot store over `read`, which builds a fresh object of every part's current value. The snapshot
 * is replaced only when a part is no longer the same object, so unchanged parts keep their identity and
 * a selector's result stays equal until its slice really changes.
 */
export const makeStore = <S extends object>(
  read: () => S,
  /** Where a throwing listener goes: it must neither stop the others nor fail the change that called it. */
  onListenerError: (error: unknown) => void,
  /**
   * Called once, when the first listener subscribes: a store nobody listens to needs no change feed, so the
   * work of watching the state for changes can wait until someone does.
   */
  onFirstListener?: () => void,
): Store<S> => {
  let snapshot = read()
  const getState = (): S => {
    const next = read()
    const changed = (Object.keys(next) as Array<keyof S>).some((key) => next[key] !== snapshot[key])
    if (changed) snapshot = next
    return snapshot
  }

  const listeners = new Set<(state: S) => void>()
  let notified = snapshot
  const notify = () => {
    const state = getState()
    if (state === notified) return
    notified = state
    for (const listener of [...listeners]) {
      try {
        listener(state)
      } catch (error) {
        onListenerError(error)
      }
    }
  }

  let watched = false
  const add = (listener: (state: S) => void) => {
    listeners.add(listener)
    if (!watched) {
      watched = true
      onFirstListener?.()
    }
    return () => void listeners.delete(listener)
  }

  const subscribe = (<T>(
    first: ((state: S) => void) | ((state: S) => T),
    listener?: (selected: T, previous: T) => void,
    options?: SubscribeOptions<T>,
  ) => {
    if (listener === undefined) return add(first as (state: S) => void)
    const select = first as (state: S) => T
    const equal = options?.equalityFn ?? Object.is
    let selected = select(getState())
    if (options?.fireImmediately) listener(selected, selected)
    return add((state) => {
      const next = select(state)
      if (equal(selected, next)) return
      const previous = selected
      selected = next
      listener(next, previous)
    })
  }) as Subscribe<S>

  return { getState, subscribe, notify }
}
