import { type Duration, Effect, Result, Schema } from "effect"
import type { BitcoinNetwork } from "../../../domain/bitcoin"
import { BitcoinError } from "../../../errors/bitcoin"
import { formatUnits } from "../../../validation/amount"
import { decodeResult } from "../request/protocol"
import { walletCall } from "../request/walletCall"
import type { BitcoinConnector } from "./BitcoinConnector"
import { type ExtensionBitcoinApi, makeExtensionConnector } from "./extensionApi"
import type { RequestApiWallet } from "./xverse"

/**
 * OKX (`window.okxwallet.bitcoin`): mainnet only, no network switching, one recipient per transfer, sent
 * with `send({from, to, value})` where `value` is BTC — written as the exact decimal of the satoshi amount.
 */
export interface OkxBitcoinApi extends ExtensionBitcoinApi {
  readonly connect: () => Promise<{ readonly address: string; readonly publicKey: string }>
  readonly send: (params: {
    readonly from: string
    readonly to: string
    readonly value: string
  }) => Promise<unknown>
}

const OkxSendResult = Schema.Struct({ txhash: Schema.String })

export const makeOkxConnector = (options: {
  readonly wallet: RequestApiWallet
  readonly api: OkxBitcoinApi
  /** The dApp's active network; OKX serves only Mainnet. */
  readonly activeNetwork?: (() => BitcoinNetwork | undefined) | undefined
  readonly timeout?: Duration.Input | undefined
}): Effect.Effect<BitcoinConnector> => {
  const { api, timeout } = options
  const activeNetwork = options.activeNetwork ?? (() => "Mainnet" as const)
  return makeExtensionConnector({
    wallet: options.wallet,
    kind: "okx",
    api,
    network: "Mainnet",
    timeout,
    requestAccounts: Effect.map(
      walletCall("connect", () => api.connect(), timeout),
      (account) => (typeof account?.address === "string" ? [account.address] : []),
    ),
    sendOne: (to, satoshis) =>
      Effect.gen(function* () {
        const network = activeNetwork()
        if (network === undefined) return yield* new BitcoinError({ reason: "noActiveNetwork" })
        if (network !== "Mainnet") return yield* new BitcoinError({ reason: "networkUnsupportedByWallet" })
        const [from] = yield* walletCall("getAccounts", () => api.getAccounts(), timeout)
        if (typeof from !== "string" || from === "")
          return yield* new BitcoinError({ reason: "noAccountAvailable" })
        const value = Result.getOrThrow(formatUnits(BigInt(satoshis), 8))
        const result = yield* walletCall("send", () => api.send({ from, to, value }), timeout).pipe(
          Effect.flatMap(decodeResult("send", OkxSendResult)),
        )
        return result.txhash
      }),
    switchNetwork: (network) =>
      network === "Mainnet"
        ? Effect.void
        : Effect.fail(new BitcoinError({ reason: "networkSwitchUnsupported" })),
    // AppKit's OKX connector has no request API of its own: 'Wallet call is not supported'.
    request: () => Effect.fail(new BitcoinError({ reason: "walletCallNotSupported" })),
  })
}
