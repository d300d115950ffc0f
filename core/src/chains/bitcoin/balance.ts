import { Effect } from "effect"
import { type BitcoinBalance, Mempool, type MempoolError } from "../../api/mempool/Mempool"
import type { BitcoinNetwork } from "../../domain/bitcoin"
import { type BitcoinError, invalidAddressError } from "../../errors/bitcoin"
import { decodeBitcoinAddress } from "../../validation/address/bitcoin"
import { addressNetworkOf } from "./networks"

/**
 * A Bitcoin address's balance: its UTXOs from the mempool explorer, summed exactly and shown in BTC.
 * Every network asks its own URL (`/testnet`, `/testnet4`, `/signet`; AppKit answered signet from
 * mainnet's), an address of another network is refused without a request, saying whose it is, and the wait is
 * bounded by the API client (AppKit's promise never settles when the fetch fails).
 */
export const getBitcoinBalance = (params: {
  readonly address: string
  readonly network: BitcoinNetwork
}): Effect.Effect<BitcoinBalance, MempoolError | BitcoinError, Mempool> =>
  Effect.gen(function* () {
    const decoded = decodeBitcoinAddress(params.address.trim(), addressNetworkOf(params.network))
    if (decoded._tag === "Failure") return yield* Effect.fail(invalidAddressError(decoded.failure.message))
    const mempool = yield* Mempool
    return yield* mempool.balance({ address: decoded.success.normalized, network: params.network })
  })
