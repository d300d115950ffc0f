// A dApp that connects EVM wallets up front and Polkadot/cosmos signing only when the user picks those chains.
import { createAppKit, discoverInjectedProviders, makeInjectedConnector } from "@appkit/core"

export const app = { createAppKit, discoverInjectedProviders, makeInjectedConnector }
export const polkadot = () => import("@appkit/core/polkadot")
export const cosmos = () => import("@appkit/core/cosmos")
