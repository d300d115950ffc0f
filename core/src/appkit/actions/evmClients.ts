import { Effect } from "effect"
import { asEip1193Provider } from "../../connectors/asEip1193Provider"
import type { CaipNetwork } from "../../state/Options"
import { connectedWallet, evmReadTarget } from "./wallet"

/** viem's actions load with the first action that sends, not with the app. */
export const loadEvm = Effect.promise(() => import("../../chains/evm/index"))

/**
 * The connected eip155 wallet as a viem client, and the client its transactions' reads go to: a wallet over
 * WalletConnect may not answer reads (gas estimate, receipt), so the network's node does when it is known.
 */
export const connectedEvmClients = (network: CaipNetwork) =>
  Effect.gen(function* () {
    const wallet = yield* connectedWallet("eip155")
    const evm = yield* loadEvm
    const walletClient = evm.evmProviderClient(asEip1193Provider(wallet.connector))
    const target = yield* Effect.option(evmReadTarget(network))
    const node =
      target._tag === "Some" && target.value._tag !== "wallet" ? evm.readClient(target.value) : walletClient
    return { wallet, evm, walletClient, node }
  })
