import type { AppKit } from "@appkit/core"
import { createContext, useContext } from "react"
import type { ThemeOptions } from "../theme/theme"

export interface AppKitContextValue {
  readonly appKit: AppKit
  readonly theme: ThemeOptions
}

export const AppKitContext = createContext<AppKitContextValue | undefined>(undefined)

export class MissingAppKitProviderError extends Error {
  override readonly name = "MissingAppKitProviderError"
  constructor(hook: string) {
    super(`${hook} must be used inside <AppKitProvider appKit={…}>`)
  }
}

/** The provider's value; a component outside <AppKitProvider> fails with a message naming the fix. */
export const useAppKitContext = (hook: string): AppKitContextValue => {
  const value = useContext(AppKitContext)
  if (value === undefined) throw new MissingAppKitProviderError(hook)
  return value
}

/** The AppKit instance the provider holds: every action of the skin is one of its calls. */
export const useAppKitInstance = (hook = "useAppKitInstance"): AppKit => useAppKitContext(hook).appKit
