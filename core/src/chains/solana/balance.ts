import { Effect, Result } from "effect"
import { Solana } from "../../config/constants"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { formatUnits } from "../../validation/amount"
import { solanaAddress } from "./addresses"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { BalanceResult } from "./rpc/schemas"

/** A SOL balance: exact lamports and the exact SOL amount they make (1e9 lamports per SOL, §9). */
export interface SolBalance {
  readonly lamports: bigint
  /** The exact decimal amount, shortest form ("1.5", "0.000000001", "0"). */
  readonly sol: string
  readonly symbol: "SOL"
  readonly decimals: typeof Solana.decimals
}

export const solBalance = (lamports: bigint): SolBalance => ({
  lamports,
  sol: Result.getOrThrow(formatUnits(lamports, Solana.decimals)),
  symbol: "SOL",
  decimals: Solana.decimals,
})

/** The native balance of an address (getBalance at the node's confirmed state). */
export const getSolBalance = (
  rpc: SolanaRpc,
  address: string,
): Effect.Effect<SolBalance, SolanaRpcCallError | InvalidAddress> =>
  Effect.gen(function* () {
    const owner = yield* solanaAddress(address)
    const { value } = yield* rpc.call("getBalance", [owner, { commitment: "confirmed" }], BalanceResult)
    return solBalance(value)
  })
