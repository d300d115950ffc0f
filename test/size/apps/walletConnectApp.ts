// A dApp that also offers WalletConnect pairing.
import { createAppKit, makeWalletConnectConnector } from "@appkit/core"

export const app = { createAppKit, makeWalletConnectConnector }
