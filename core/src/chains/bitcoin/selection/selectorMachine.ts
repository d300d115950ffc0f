import type { BitcoinWalletOption } from "../../../domain/bitcoin"

/**
 * The Bitcoin wallet selector (§2, §4) as a pure state machine: what the dialog shows and what it must
 * do (emit select or cancel, open an install link) for each thing that happens. The custom element only
 * renders this state and performs these effects, so every rule is tested here without a browser.
 */
export const selectorTag = "sats-connect-wallet-provider-selector"

/** Events on `window`, as sats-connect names them. */
export const selectorEvents = {
  select: "sats-connect_wallet-provider-selector_select",
  cancel: "sats-connect_wallet-provider-selector_cancel",
  open: "sats-connect_wallet-provider-selector_open",
  close: "sats-connect_wallet-provider-selector_close",
  walletOpen: "sats-connect_wallet-provider-selector_walletOpen",
  walletClose: "sats-connect_wallet-provider-selector_walletClose",
} as const

export const selectorTexts = {
  headingInstalled: "Choose wallet to connect",
  subtextInstalled: "Start by selecting one of the wallets below and confirming the connection.",
  headingNone: "Don't have a wallet?",
  subtextNone: "Start by installing one of the wallets below.",
  explainerTitle: "What is a wallet?",
  explainerBody:
    "Wallets let you send, receive, store and display digital assets like Bitcoin, Stacks, Ordinals & NFTs.",
  explainerFooter: "Explore Bitcoin apps by connecting your wallet.",
  installTitle: (wallet: string) => `Don't have ${wallet}?`,
  installBody: "Download it on the Chrome web store.",
  installButton: "Get",
  openingTitle: (wallet: string) => `Opening ${wallet}...`,
  openingBody: (wallet: string) => `Confirm the operation in ${wallet}`,
  close: "Close",
} as const

/** §2 layout limits, in CSS pixels and seconds. */
export const selectorLayout = {
  zIndex: 999999,
  /** The side panel and divider show only in a container wider than this. */
  sidePanelMinContainerWidth: 400,
  cardMaxWidth: 740,
  cardMaxWidthWithoutSidePanel: 360,
  cardMaxHeightWide: 460,
  cardMinHeight: 340,
  cardRadius: 24,
  iconSize: 56,
  gridColumnMinWidth: 100,
  openSeconds: 0.4,
  closeSeconds: 0.2,
} as const

export type SidePanel =
  | { readonly _tag: "none" }
  | { readonly _tag: "explainer" }
  | { readonly _tag: "installPrompt"; readonly option: BitcoinWalletOption }
  | { readonly _tag: "openingWallet"; readonly option: BitcoinWalletOption }

export interface SelectorState {
  /** Shown, or animating in; false while animating out. */
  readonly visible: boolean
  /** In the page at all: stays true until the closing animation has ended. */
  readonly rendered: boolean
  readonly options: ReadonlyArray<BitcoinWalletOption>
  readonly sidePanel: SidePanel
}

export const initialSelectorState: SelectorState = {
  visible: false,
  rendered: false,
  options: [],
  sidePanel: { _tag: "none" },
}

export type SelectorEvent =
  | { readonly _tag: "open"; readonly options: ReadonlyArray<BitcoinWalletOption> }
  /** A wallet tile was chosen; `sidePanelShown` says whether the layout has room for the side panel. */
  | { readonly _tag: "choose"; readonly id: string; readonly sidePanelShown: boolean }
  | { readonly _tag: "installClicked" }
  | { readonly _tag: "walletOpen"; readonly id: string }
  | { readonly _tag: "walletClose" }
  /** Escape, a click outside the card, or the close button. */
  | { readonly _tag: "dismiss" }
  | { readonly _tag: "close" }
  /** The closing animation ended. */
  | { readonly _tag: "closed" }

export type SelectorEffect =
  | { readonly _tag: "emitSelect"; readonly id: string }
  | { readonly _tag: "emitCancel" }
  | { readonly _tag: "openUrl"; readonly url: string }

export interface SelectorStep {
  readonly state: SelectorState
  readonly effects: ReadonlyArray<SelectorEffect>
}

export const hasInstalledWallet = (options: ReadonlyArray<BitcoinWalletOption>): boolean =>
  options.some((option) => option.isInstalled)

/** Whether the side panel (and the divider) has room: a wide container and at least one installed wallet. */
export const showsSidePanel = (
  containerWidth: number,
  options: ReadonlyArray<BitcoinWalletOption>,
): boolean => containerWidth > selectorLayout.sidePanelMinContainerWidth && hasInstalledWallet(options)

/** The card's size limits for a container width (§2). */
export const cardLimits = (containerWidth: number, options: ReadonlyArray<BitcoinWalletOption>) => {
  const wide = containerWidth > selectorLayout.sidePanelMinContainerWidth
  const sidePanel = showsSidePanel(containerWidth, options)
  return {
    maxWidth: sidePanel ? selectorLayout.cardMaxWidth : selectorLayout.cardMaxWidthWithoutSidePanel,
    maxHeight: wide ? selectorLayout.cardMaxHeightWide : undefined,
    minHeight: selectorLayout.cardMinHeight,
    radius: selectorLayout.cardRadius,
    sidePanel,
  }
}

export const headingOf = (options: ReadonlyArray<BitcoinWalletOption>) =>
  hasInstalledWallet(options)
    ? { heading: selectorTexts.headingInstalled, subtext: selectorTexts.subtextInstalled }
    : { heading: selectorTexts.headingNone, subtext: selectorTexts.subtextNone }

const restingPanel = (options: ReadonlyArray<BitcoinWalletOption>): SidePanel =>
  hasInstalledWallet(options) ? { _tag: "explainer" } : { _tag: "none" }

const step = (state: SelectorState, effects: ReadonlyArray<SelectorEffect> = []): SelectorStep => ({
  state,
  effects,
})

export const selectorTransition = (state: SelectorState, event: SelectorEvent): SelectorStep => {
  switch (event._tag) {
    case "open":
      return step({
        visible: true,
        rendered: true,
        options: event.options,
        sidePanel: restingPanel(event.options),
      })
    case "choose": {
      const option = state.options.find((candidate) => candidate.id === event.id)
      if (!state.visible || option === undefined) return step(state)
      if (option.isInstalled) return step(state, [{ _tag: "emitSelect", id: option.id }])
      const url = option.installPrompt?.url
      if (event.sidePanelShown) return step({ ...state, sidePanel: { _tag: "installPrompt", option } })
      return step(state, url === undefined ? [] : [{ _tag: "openUrl", url }])
    }
    case "installClicked": {
      const url =
        state.sidePanel._tag === "installPrompt" ? state.sidePanel.option.installPrompt?.url : undefined
      return step(state, url === undefined ? [] : [{ _tag: "openUrl", url }])
    }
    case "walletOpen": {
      const option = state.options.find((candidate) => candidate.id === event.id)
      return option === undefined
        ? step(state)
        : step({ ...state, sidePanel: { _tag: "openingWallet", option } })
    }
    case "walletClose":
      return step({ ...state, sidePanel: restingPanel(state.options) })
    case "dismiss":
      return state.visible ? step({ ...state, visible: false }, [{ _tag: "emitCancel" }]) : step(state)
    case "close":
      return step({ ...state, visible: false })
    case "closed":
      return state.visible ? step(state) : step({ ...state, rendered: false })
  }
}
