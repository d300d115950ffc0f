// A dApp with browser wallets on eip155 and Solana: the Solana adapter arrives through loadSolanaAdapter().
import {
  createAppKit,
  discoverInjectedProviders,
  loadSolanaAdapter,
  makeInjectedConnector,
} from "@appkit/core"

export const app = { createAppKit, discoverInjectedProviders, makeInjectedConnector, loadSolanaAdapter }
