import type { ConnectorInfo } from "@appkit/core"
import type { ConnectingView, ConnectTarget } from "./flow"

/** What a listed wallet (recent, featured, a directory entry) connects through, if anything here can. */
export interface WalletChoice {
  readonly target: ConnectTarget
  readonly view: ConnectingView
}

export const choiceOfConnector = (connector: ConnectorInfo): WalletChoice => ({
  target: { connectorId: connector.id, name: connector.name, imageUrl: connector.imageUrl },
  view: connector.type === "WALLET_CONNECT" ? "ConnectingWalletConnect" : "ConnectingExternal",
})

/**
 * A listed wallet that is installed connects through its own connector (same id or rdns); any other one
 * pairs through WalletConnect when the dApp offers it, showing the wallet's name and image; else none.
 */
export const choiceOfWallet = (
  wallet: { readonly id: string; readonly name: string; readonly rdns?: string | null | undefined },
  imageUrl: string | undefined,
  connectors: ReadonlyArray<ConnectorInfo>,
): WalletChoice | undefined => {
  const installed = connectors.find(
    (connector) =>
      connector.type !== "WALLET_CONNECT" &&
      (connector.id === wallet.id || (wallet.rdns != null && connector.rdns === wallet.rdns)),
  )
  if (installed !== undefined) return choiceOfConnector(installed)
  const walletConnect = connectors.find((connector) => connector.type === "WALLET_CONNECT")
  if (walletConnect === undefined) return undefined
  return {
    target: { connectorId: walletConnect.id, name: wallet.name, imageUrl },
    view: "ConnectingWalletConnect",
  }
}
