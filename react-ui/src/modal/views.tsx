import type { View } from "@appkit/core"
import type { ComponentType } from "react"
import { Connect } from "../views/Connect"
import { preloadableView } from "./preloadableView"

/**
 * Every view of §2 the core's router can show. Connect is in the modal's own chunk (a first open needs it);
 * each other view is a chunk of its own, fetched when the router first goes there.
 */
export const views: Readonly<Record<View, ComponentType & { readonly preload?: () => Promise<void> }>> = {
  Connect,
  AllWallets: preloadableView(() => import("../views/AllWallets")),
  ConnectingExternal: preloadableView(() => import("../views/ConnectingExternal")),
  ConnectingWalletConnect: preloadableView(() => import("../views/ConnectingWalletConnect")),
  ConnectingWalletConnectBasic: preloadableView(() => import("../views/ConnectingWalletConnectBasic")),
  ConnectingSiwe: preloadableView(() => import("../views/SiwxSignMessage")),
  SIWXSignMessage: preloadableView(() => import("../views/SiwxSignMessage")),
  ConnectingFarcaster: preloadableView(() => import("../views/ConnectingFarcaster")),
  ApproveTransaction: preloadableView(() => import("../views/ApproveTransaction")),
  UnsupportedChain: preloadableView(() => import("../views/UnsupportedChain")),
  RegisterAccountName: preloadableView(() => import("../views/RegisterAccountName")),
  RegisterAccountNameSuccess: preloadableView(() => import("../views/RegisterAccountNameSuccess")),
  Account: preloadableView(() => import("../views/Account")),
  Networks: preloadableView(() => import("../views/Networks")),
  WalletSend: preloadableView(() => import("../views/WalletSend")),
  WalletReceive: preloadableView(() => import("../features/WalletReceive")),
  Swap: preloadableView(() => import("../features/Swap")),
  OnRamp: preloadableView(() => import("../features/OnRamp")),
}

/**
 * The views a user is likely to open next from each view, fetched once it shows, so the switch does not wait
 * for a chunk (or for React's Suspense fallback, held at least 300 ms).
 */
export const likelyNextViews: Partial<Readonly<Record<View, ReadonlyArray<View>>>> = {
  Connect: ["AllWallets", "ConnectingExternal", "ConnectingWalletConnect"],
  AllWallets: ["ConnectingExternal", "ConnectingWalletConnect"],
  Account: ["Networks", "WalletSend"],
}

/** The header's title of each view (the Connecting views name their wallet instead). */
export const viewTitles: Readonly<Record<View, string>> = {
  Connect: "Connect Wallet",
  AllWallets: "All Wallets",
  ConnectingExternal: "Connecting",
  ConnectingWalletConnect: "WalletConnect",
  ConnectingWalletConnectBasic: "Connect Wallet",
  ConnectingSiwe: "Sign In",
  SIWXSignMessage: "Sign In",
  ConnectingFarcaster: "Farcaster",
  ApproveTransaction: "Approve Transaction",
  UnsupportedChain: "Switch Network",
  RegisterAccountName: "Choose Name",
  RegisterAccountNameSuccess: "Your Name",
  Account: "Account",
  Networks: "Select Network",
  WalletSend: "Send",
  WalletReceive: "Receive",
  Swap: "Swap",
  OnRamp: "Buy Crypto",
}
