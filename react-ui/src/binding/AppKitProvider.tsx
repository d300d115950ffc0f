import type { AppKit } from "@appkit/core"
import { type ReactNode, useMemo } from "react"
import { ModalHost } from "../modal/ModalHost"
import type { ThemeMode, ThemeVariables } from "../theme/theme"
import { AppKitContext } from "./context"
import { createEventStore } from "./events"
import { type ProviderStores, ProviderStoresContext } from "./hooks"

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

/** Settles `initialized` once the stored connections are back (`appKit.ready`), for useAppKitState. */
const readyStore = (appKit: AppKit): ProviderStores["initialized"] => {
  let ready = false
  const listeners = new Set<() => void>()
  void appKit.ready.then(() => {
    ready = true
    for (const listener of listeners) listener()
  })
  return {
    get: () => ready,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/**
 * Makes an AppKit instance available to the hooks and components below, and mounts the modal (its code
 * loads when the page is idle, or at the latest when it first opens). Renders on the server: nothing here
 * touches `window` while rendering.
 */
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
    (): ProviderStores => ({ initialized: readyStore(appKit), events: createEventStore(appKit) }),
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
