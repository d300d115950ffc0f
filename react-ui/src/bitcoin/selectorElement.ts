import {
  type BitcoinWalletOption,
  cardLimits,
  headingOf,
  initialSelectorState,
  type SelectorEffect,
  type SelectorEvent,
  type SelectorState,
  type SidePanel,
  selectorEvents,
  selectorTag,
  selectorTexts,
  selectorTransition,
} from "@appkit/core/bitcoin"
import { selectorStyles } from "./selectorStyles"

/**
 * The Bitcoin wallet selector as a custom element (`sats-connect-wallet-provider-selector`), usable on any
 * page: it answers sats-connect's window events (open, close, walletOpen, walletClose) and emits select and
 * cancel. What it shows and does comes from core's selector state machine; this class only renders.
 */
const safeImageUrl = (url: string): string => (/^(data:image\/|https?:\/\/)/i.test(url) ? url : "")

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: ReadonlyArray<Node | string>
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

const walletIcon = (option: BitcoinWalletOption) =>
  element("img", { src: safeImageUrl(option.icon), alt: "" })

/** The element's own API beyond HTMLElement. */
export interface BitcoinWalletSelectorElement extends HTMLElement {
  /** The state machine's current state, for tests and devtools. */
  readonly state: SelectorState
}

/**
 * The class is built on first definition, not at import: server-side rendering imports this module where
 * HTMLElement does not exist.
 */
const createElementClass = () => {
  class SelectorElement extends HTMLElement implements BitcoinWalletSelectorElement {
    #state: SelectorState = initialSelectorState
    readonly #shadow = this.attachShadow({ mode: "open" })
    readonly #card = element("div", {
      class: "card",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "heading",
      tabindex: "-1",
    })
    #resize: ResizeObserver | undefined
    readonly #listeners: ReadonlyArray<readonly [string, (event: Event) => void]> = [
      [selectorEvents.open, (event) => this.#send({ _tag: "open", options: optionsOf(event) })],
      [selectorEvents.close, () => this.#send({ _tag: "close" })],
      [
        selectorEvents.walletOpen,
        (event) => this.#send({ _tag: "walletOpen", id: String((event as CustomEvent).detail) }),
      ],
      [selectorEvents.walletClose, () => this.#send({ _tag: "walletClose" })],
      ["keydown", (event) => (event as KeyboardEvent).key === "Escape" && this.#send({ _tag: "dismiss" })],
    ]

    constructor() {
      super()
      const root = element("div", { class: "root" }, element("div", { class: "backdrop" }), this.#card)
      this.#shadow.append(element("style", {}, selectorStyles), root)
      // A click anywhere but on the card is a click outside it.
      root.addEventListener("click", (event) => {
        if (!event.composedPath().includes(this.#card)) this.#send({ _tag: "dismiss" })
      })
      // A modal card: Tab past its last button comes back to its first, Shift-Tab before its first to its last.
      this.#card.addEventListener("keydown", (event) => {
        const buttons = this.#card.querySelectorAll("button")
        const [first, last] = [buttons[0], buttons[buttons.length - 1]]
        const at = this.#shadow.activeElement
        if (event.key !== "Tab" || !first || !last) return
        if (event.shiftKey ? at !== first && at !== this.#card : at !== last) return
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      })
      this.#card.addEventListener("animationend", (event) => {
        if (event.target === this.#card) this.#send({ _tag: "closed" })
      })
    }

    connectedCallback(): void {
      for (const [name, listener] of this.#listeners) window.addEventListener(name, listener)
      this.#resize = new ResizeObserver(() => this.#render())
      this.#resize.observe(this)
    }

    disconnectedCallback(): void {
      for (const [name, listener] of this.#listeners) window.removeEventListener(name, listener)
      this.#resize?.disconnect()
    }

    /** The state machine's current state, for tests and devtools. */
    get state(): SelectorState {
      return this.#state
    }

    #send(event: SelectorEvent): void {
      const step = selectorTransition(this.#state, event)
      const changed = step.state !== this.#state
      this.#state = step.state
      for (const effect of step.effects) this.#perform(effect)
      if (changed) this.#render()
    }

    #perform(effect: SelectorEffect): void {
      if (effect._tag === "openUrl") window.open(effect.url, "_blank", "noopener,noreferrer")
      else
        window.dispatchEvent(
          effect._tag === "emitSelect"
            ? new CustomEvent(selectorEvents.select, { detail: effect.id, bubbles: true, composed: true })
            : new CustomEvent(selectorEvents.cancel, { bubbles: true, composed: true }),
        )
    }

    #render(): void {
      const { rendered, visible, options, sidePanel } = this.#state
      this.toggleAttribute("data-rendered", rendered)
      if (!rendered) return
      const limits = cardLimits(this.clientWidth, options)
      Object.assign(this.#card.style, {
        maxWidth: `${limits.maxWidth}px`,
        maxHeight: limits.maxHeight === undefined ? "calc(100vh - 2rem)" : `${limits.maxHeight}px`,
        minHeight: `${limits.minHeight}px`,
        borderRadius: `${limits.radius}px`,
      })
      const wasVisible = this.#card.dataset.state === "in"
      this.#card.dataset.state = visible ? "in" : "out"
      const { heading, subtext } = headingOf(options)
      const main = element(
        "div",
        { class: "main" },
        element("div", { class: "heading", id: "heading" }, heading),
        element("div", { class: "subtext" }, subtext),
        element(
          "div",
          { class: "wallets" },
          ...options.map((option) => this.#walletButton(option, limits.sidePanel)),
        ),
      )
      const panel =
        limits.sidePanel && sidePanel._tag !== "none"
          ? [element("div", { class: "divider" }), this.#sidePanel(sidePanel)]
          : []
      const close = element(
        "button",
        { class: "close", type: "button", "aria-label": selectorTexts.close },
        "×",
      )
      close.addEventListener("click", () => this.#send({ _tag: "dismiss" }))
      // The buttons are drawn anew: the one with focus (a tile pressed with the keyboard, Get, ×) hands it to its
      // successor, or to the card, so it never falls out to the page behind.
      const focused = this.#shadow.activeElement
      const wallet = focused?.getAttribute("data-wallet")
      this.#card.replaceChildren(element("div", { class: "columns" }, main, ...panel), close)
      const successor = wallet
        ? this.#card.querySelector(`[data-wallet="${CSS.escape(wallet)}"]`)
        : focused && this.#card.querySelector(`.${focused.className}`)
      if ((visible && !wasVisible) || focused)
        ((successor as HTMLElement | null) ?? this.#card).focus({ preventScroll: true })
    }

    #walletButton(option: BitcoinWalletOption, sidePanelShown: boolean): HTMLButtonElement {
      const button = element(
        "button",
        { class: "wallet", type: "button", "data-wallet": option.id },
        walletIcon(option),
        option.name,
      )
      button.addEventListener("click", () => this.#send({ _tag: "choose", id: option.id, sidePanelShown }))
      return button
    }

    #sidePanel(panel: SidePanel): HTMLDivElement {
      const side = element("div", { class: "side", "data-panel": panel._tag })
      if (panel._tag === "explainer")
        side.append(
          element("h2", {}, selectorTexts.explainerTitle),
          element("p", {}, selectorTexts.explainerBody),
          element("p", {}, selectorTexts.explainerFooter),
        )
      else if (panel._tag === "installPrompt") {
        const get = element("button", { class: "get", type: "button" }, selectorTexts.installButton)
        get.addEventListener("click", () => this.#send({ _tag: "installClicked" }))
        side.append(
          walletIcon(panel.option),
          element("h2", {}, selectorTexts.installTitle(panel.option.name)),
          element("p", {}, selectorTexts.installBody),
          get,
        )
      } else if (panel._tag === "openingWallet")
        side.append(
          walletIcon(panel.option),
          element("h2", {}, selectorTexts.openingTitle(panel.option.name)),
          element("p", {}, selectorTexts.openingBody(panel.option.name)),
          element("div", {
            class: "spinner",
            role: "progressbar",
            "aria-label": selectorTexts.openingTitle(panel.option.name),
          }),
        )
      return side
    }
  }
  return SelectorElement
}

/** The wallet options an open event carries; anything malformed is left out rather than trusted. */
const optionsOf = (event: Event): ReadonlyArray<BitcoinWalletOption> => {
  const options = (event as CustomEvent<{ options?: unknown } | null>).detail?.options
  if (!Array.isArray(options)) return []
  return options.filter(
    (option): option is BitcoinWalletOption =>
      typeof option?.id === "string" &&
      typeof option.name === "string" &&
      typeof option.icon === "string" &&
      typeof option.isInstalled === "boolean",
  )
}

/** Registers the element once (a second call, or another copy of the library having done it, is fine). */
export const defineBitcoinWalletSelector = (registry: CustomElementRegistry = customElements): void => {
  if (registry.get(selectorTag) === undefined) registry.define(selectorTag, createElementClass())
}

/** Defines the element and puts one on the page (sats-connect's `loadSelector`); returns it. */
export const loadBitcoinWalletSelector = (target: Document = document): HTMLElement => {
  defineBitcoinWalletSelector()
  const existing = target.querySelector(selectorTag)
  if (existing instanceof HTMLElement) return existing
  const created = target.createElement(selectorTag)
  target.body.append(created)
  return created
}
