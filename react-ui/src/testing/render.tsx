import type { AppKit } from "@appkit/core"
import { act, type ReactNode } from "react"
import { createRoot, type Root } from "react-dom/client"
import { AppKitProvider } from "../binding/AppKitProvider"

/** Test support: renders under a provider into the (happy-dom) document; `unmount` cleans up. */
export const renderWith = async (
  appKit: AppKit,
  node: ReactNode,
  options: { readonly modal?: boolean } = {},
): Promise<{ readonly container: HTMLElement; readonly unmount: () => void }> => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const container = document.createElement("div")
  document.body.append(container)
  const root: Root = createRoot(container)
  await act(async () => {
    root.render(
      <AppKitProvider appKit={appKit} modal={options.modal ?? false}>
        {node}
      </AppKitProvider>,
    )
  })
  return {
    container,
    unmount: () => {
      act(() => root.unmount())
      container.remove()
    },
  }
}
