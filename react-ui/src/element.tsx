import type { AppKit } from "@appkit/core"
import type { ReactNode } from "react"
import { createRoot, type Root } from "react-dom/client"
import { AppKitProvider } from "./binding/AppKitProvider"
import { AccountButton } from "./buttons/AccountButton"
import { AppKitButton } from "./buttons/AppKitButton"
import { NetworkButton } from "./buttons/NetworkButton"
import type { ThemeMode, ThemeVariables } from "./theme/theme"

export interface AppKitElementsOptions {
  readonly themeMode?: ThemeMode | undefined
  readonly themeVariables?: ThemeVariables | undefined
}

const balanceOf = (element: HTMLElement) => (element.getAttribute("balance") === "hide" ? "hide" : "show")

/** Each element's content, from its attributes (an absent attribute leaves the component's default). */
const contents: Readonly<Record<string, (element: HTMLElement) => ReactNode>> = {
  "appkit-button": (element) => {
    const label = element.getAttribute("label")
    const loadingLabel = element.getAttribute("loading-label")
    return (
      <AppKitButton
        {...(label === null ? {} : { label })}
        {...(loadingLabel === null ? {} : { loadingLabel })}
        balance={balanceOf(element)}
        disabled={element.hasAttribute("disabled")}
      />
    )
  },
  "appkit-account-button": (element) => <AccountButton balance={balanceOf(element)} />,
  "appkit-network-button": () => <NetworkButton />,
}

/**
 * `<appkit-button>`, `<appkit-account-button>` and `<appkit-network-button>` for pages without React: each
 * element renders its component over `appKit`, and one modal (in its own root at the end of the body)
 * serves them all. Attributes: `label`, `loading-label`, `balance="hide"`, `disabled`. Call it once, in the
 * browser, before or after the elements are in the page; a second call is a no-op.
 */
export const defineAppKitElements = (appKit: AppKit, options: AppKitElementsOptions = {}): void => {
  if (customElements.get("appkit-button") !== undefined) return
  const tree = (children: ReactNode, modal: boolean) => (
    <AppKitProvider
      appKit={appKit}
      themeMode={options.themeMode}
      themeVariables={options.themeVariables}
      modal={modal}
    >
      {children}
    </AppKitProvider>
  )
  const host = document.createElement("div")
  host.dataset.appkitModalHost = ""
  document.body.append(host)
  createRoot(host).render(tree(null, true))
  for (const [tag, content] of Object.entries(contents)) {
    customElements.define(
      tag,
      class extends HTMLElement {
        static observedAttributes = ["label", "loading-label", "balance", "disabled"]
        #root: Root | undefined
        #paint() {
          this.#root?.render(tree(content(this), false))
        }
        connectedCallback() {
          this.#root ??= createRoot(this)
          this.#paint()
        }
        attributeChangedCallback() {
          this.#paint()
        }
        disconnectedCallback() {
          // Moving the element disconnects and reconnects it: unmount only once it is really gone.
          queueMicrotask(() => {
            if (this.isConnected) return
            this.#root?.unmount()
            this.#root = undefined
          })
        }
      },
    )
  }
}
