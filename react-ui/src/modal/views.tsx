import type { View } from "@appkit/core"
import { type ComponentType, lazy } from "react"
import { Connect } from "../views/Connect"

/**
 * Every view of §2 the core's router can show. Connect is in the modal's own chunk (a first open needs it);
 * each other view is a chunk of its own, fetched when the router first goes there.
 */
export const views: Readonly<Record<View, ComponentType>> = {
  Connect,
  AllWallets: lazy(() => import("../views/AllWallets")),
  ConnectingExternal: lazy(() => import("../views/ConnectingExternal")),
  ConnectingWalletConnect: lazy(() => import("../views/ConnectingWalletConnect")),
  ConnectingWalletConnectBasic: lazy(() => import("../views/ConnectingWalletConnectBasic")),
  ConnectingSiwe: lazy(() => import("../views/SiwxSignMessage")),
  SIWXSignMessage: lazy(() => import("../views/SiwxSignMessage")),
  ConnectingFarcaster: lazy(() => import("../views/ConnectingFarcaster")),
  ApproveTransaction: lazy(() => import("../views/ApproveTransaction")),
  UnsupportedChain: lazy(() => import("../views/UnsupportedChain")),
  RegisterAccountName: lazy(() => import("../views/RegisterAccountName")),
  RegisterAccountNameSuccess: lazy(() => import("../views/RegisterAccountNameSuccess")),
  Account: lazy(() => import("../views/Account")),
  Networks: lazy(() => import("../views/Networks")),
  WalletSend: lazy(() => import("../views/WalletSend")),
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
}
