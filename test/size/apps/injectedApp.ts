// A dApp that connects browser wallets only (EIP-6963 / window.ethereum): the smallest real AppKit app.
import { createAppKit, discoverInjectedProviders, makeInjectedConnector } from "@appkit/core"

export const app = { createAppKit, discoverInjectedProviders, makeInjectedConnector }
