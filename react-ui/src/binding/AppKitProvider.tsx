import type { AppKit } from "@appkit/core"
import { type ReactNode, useMemo } from "react"
import { ModalHost } from "../modal/ModalHost"
import type { ThemeMode, ThemeVariables } from "../theme/theme"
import { AppKitContext } from "./context"
import { createEventStore } from "./events"
import { type ProviderStores, ProviderStoresContext, type ValueStore } from "./hooks"

export interface AppKitProviderProps {
  /** The instance `createAppKit` returned; create it once, outside any component. */
  readonly appKit: AppKit
  /** Light or dark; the system's choice when absent. */
  readonly themeMode?: ThemeMode | undefined
  readonly themeVariables?: ThemeVariables | undefined
  /** Mount the modal here (true by default; the custom elements share one modal instead). */
  readonly modal?: boolean | undefined
  readonly children?: ReactNode
}

/**
 * A value a promise settles, as an external store. The promise starts with the first subscriber, which only
 * a browser has (server rendering reads the initial value and never subscribes).
 */
const settledStore = <T,>(initial: T, start: () => Promise<T>): ValueStore<T> => {
  let value = initial
  let started = false
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    subscribe: (listener) => {
      listeners.add(listener)
      if (!started) {
        started = true
        void start().then((settled) => {
          value = settled
          for (const each of listeners) each()
        })
      }
      return () => void listeners.delete(listener)
    },
  }
}

/**
 * Makes an AppKit instance available to the hooks and components below, and mounts the modal (its code
 * loads when the page is idle, or at the latest when it first opens). Renders on the server: nothing here
 * touches `window` while rendering.
 */
/** The page's origin for the §6 allowlist check; none outside a browser (server rendering). */
const pageOrigin = (): string | undefined => (typeof location === "undefined" ? undefined : location.origin)

export const AppKitProvider = ({
  appKit,
  themeMode,
  themeVariables,
  modal = true,
  children,
}: AppKitProviderProps) => {
  // Compared by content: an inline themeVariables object must not re-render every consumer each time.
  const variablesKey = JSON.stringify(themeVariables ?? {})
  // biome-ignore lint/correctness/useExhaustiveDependencies: variablesKey stands for themeVariables
  const value = useMemo(
    () => ({ appKit, theme: { themeMode, themeVariables } }),
    [appKit, themeMode, variablesKey],
  )
  const stores = useMemo(
    (): ProviderStores => ({
      // `ready` never rejects; the project check answers undefined when it cannot tell.
      initialized: settledStore(false, () => appKit.ready.then(() => true)),
      projectCheck: settledStore(false, () =>
        appKit.checkProjectConfig(pageOrigin()).then(
          () => true,
          () => true,
        ),
      ),
      events: createEventStore(appKit),
    }),
    [appKit],
  )
  return (
    <AppKitContext.Provider value={value}>
      <ProviderStoresContext.Provider value={stores}>
        {children}
        {modal && <ModalHost />}
      </ProviderStoresContext.Provider>
    </AppKitContext.Provider>
  )
}
