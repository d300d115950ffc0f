import { Context, Effect, Layer, Result } from "effect"
import type { BitcoinNetwork } from "../../domain/bitcoin"
import { UtxoFetchError } from "../../errors/bitcoin"
import type { HttpTimeoutError, HttpTransportError, ResponseDecodeError } from "../../errors/http"
import { ApiClient, apiQueryOptions } from "../../http/ApiClient"
import { QueryCache } from "../../http/QueryCache"
import { formatUnits } from "../../validation/amount"
import { type Utxo, Utxos } from "./schemas"

export type MempoolError = UtxoFetchError | HttpTimeoutError | HttpTransportError | ResponseDecodeError

export interface BitcoinBalance {
  /** Exact BTC decimal, e.g. "0.00012345". */
  readonly balance: string
  readonly symbol: "BTC"
  readonly satoshis: bigint
}

/** Path prefix of each network on a mempool.space-style explorer; mainnet and a local regtest have none. */
export const networkPathPrefix = (network: BitcoinNetwork): string => {
  switch (network) {
    case "Testnet":
      return "/testnet"
    case "Testnet4":
      return "/testnet4"
    case "Signet":
      return "/signet"
    default:
      return ""
  }
}

/** Sums UTXO values in satoshis exactly (bigint, no float rounding). */
export const sumSatoshis = (utxos: ReadonlyArray<Utxo>): bigint =>
  utxos.reduce((total, utxo) => total + BigInt(utxo.value), 0n)

/** Satoshis → the shortest exact BTC decimal string (1 BTC = 10^8 sat). */
export const satoshisToBtc = (satoshis: bigint): string => Result.getOrThrow(formatUnits(satoshis, 8))

export interface MempoolShape {
  readonly utxos: (params: {
    readonly address: string
    readonly network: BitcoinNetwork
  }) => Effect.Effect<ReadonlyArray<Utxo>, MempoolError>
  /** Balance from the address's UTXOs; cached and de-duplicated per network and address. */
  readonly balance: (params: {
    readonly address: string
    readonly network: BitcoinNetwork
  }) => Effect.Effect<BitcoinBalance, MempoolError>
}

export class Mempool extends Context.Service<Mempool, MempoolShape>()("appkit/Mempool") {
  static readonly layer: Layer.Layer<Mempool, never, ApiClient | QueryCache> = Layer.effect(
    Mempool,
    Effect.gen(function* () {
      return makeMempool(yield* ApiClient, yield* QueryCache)
    }),
  )
}

export const makeMempool = (api: ApiClient["Service"], cache: QueryCache["Service"]): MempoolShape => {
  const queryOptions = apiQueryOptions(api.config)
  const utxos: MempoolShape["utxos"] = ({ address, network }) =>
    api
      .json(
        {
          method: "GET",
          baseUrl: api.config.mempoolUrl,
          path: `${networkPathPrefix(network)}/api/address/${encodeURIComponent(address)}/utxo`,
          // A public explorer is a third party: it gets no project id.
          sdkParams: false,
        },
        Utxos,
      )
      .pipe(
        Effect.catchTag("HttpStatusError", (error) =>
          Effect.fail(new UtxoFetchError({ body: error.body ?? "" })),
        ),
      )

  return {
    utxos,
    balance: (params) =>
      cache.fetch(
        ["nativeBalance", "bip122", params.network, params.address],
        Effect.map(utxos(params), (list) => {
          const satoshis = sumSatoshis(list)
          return { balance: satoshisToBtc(satoshis), symbol: "BTC" as const, satoshis }
        }),
        queryOptions,
      ),
  }
}
