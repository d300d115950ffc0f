import { Effect, Result } from "effect"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { formatUnits } from "../../validation/amount"
import { solanaAddress } from "./addresses"
import type { SolanaRpc, SolanaRpcCallError } from "./rpc/SolanaRpc"
import { type ParsedTokenAccount, TokenAccountsResult } from "./rpc/schemas"
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./tokenPrograms"

/** What an owner holds of one mint, summed over all its token accounts of that mint. */
export interface SplTokenBalance {
  readonly mint: string
  /** The token program: SPL Token or Token-2022. */
  readonly programAddress: string
  /** Base units. */
  readonly amount: bigint
  /** Base units of `amount` in frozen token accounts: a send cannot spend them (see getSplTokenSources). */
  readonly frozen: bigint
  readonly decimals: number
  /** The exact decimal amount ("1.5"). */
  readonly formatted: string
  readonly tokenAccounts: ReadonlyArray<string>
}

/** A token account a send can spend from: any but a frozen one (the token program refuses to move its tokens). */
const canSend = (account: typeof ParsedTokenAccount.Type.account) =>
  account.data.parsed.info.state !== "frozen"

/**
 * Every SPL Token and Token-2022 balance of an owner (both programs asked at once, jsonParsed), one entry
 * per mint in the order the node lists them. Empty token accounts count: the holding exists, at zero. Frozen
 * accounts count too, and their part is told apart: what a send can spend is the amount less it.
 */
export const getSplTokenBalances = (
  rpc: SolanaRpc,
  owner: string,
): Effect.Effect<ReadonlyArray<SplTokenBalance>, SolanaRpcCallError | InvalidAddress> =>
  Effect.gen(function* () {
    const address = yield* solanaAddress(owner)
    const byProgram = yield* Effect.forEach(
      [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS],
      (programId) =>
        rpc.call(
          "getTokenAccountsByOwner",
          [address, { programId }, { encoding: "jsonParsed", commitment: "confirmed" }],
          TokenAccountsResult,
        ),
      { concurrency: 2 },
    )
    const balances = new Map<string, SplTokenBalance>()
    for (const { pubkey, account } of byProgram.flatMap((result) => result.value)) {
      const { mint, tokenAmount } = account.data.parsed.info
      const key = `${account.owner}:${mint}`
      const held = balances.get(key)
      const amount = (held?.amount ?? 0n) + BigInt(tokenAmount.amount)
      const frozen = (held?.frozen ?? 0n) + (canSend(account) ? 0n : BigInt(tokenAmount.amount))
      balances.set(key, {
        mint,
        programAddress: account.owner,
        amount,
        frozen,
        decimals: tokenAmount.decimals,
        formatted: Result.getOrThrow(formatUnits(amount, tokenAmount.decimals)),
        tokenAccounts: [...(held?.tokenAccounts ?? []), pubkey],
      })
    }
    return [...balances.values()]
  })

/** One of an owner's token accounts of a mint that can send (not frozen), with what it holds. */
export interface SplTokenSource {
  readonly address: string
  /** Base units. */
  readonly amount: bigint
}

/**
 * An owner's token accounts of one mint (whichever token program owns it) that it can send from: every
 * account whose owner it is, associated or not, except frozen ones: the balance above less its frozen part.
 */
export const getSplTokenSources = (
  rpc: SolanaRpc,
  owner: string,
  mint: string,
): Effect.Effect<ReadonlyArray<SplTokenSource>, SolanaRpcCallError> =>
  Effect.map(
    rpc.call(
      "getTokenAccountsByOwner",
      [owner, { mint }, { encoding: "jsonParsed", commitment: "confirmed" }],
      TokenAccountsResult,
    ),
    ({ value }) =>
      value
        .filter(({ account }) => canSend(account))
        .map(({ pubkey, account }) => ({
          address: pubkey,
          amount: BigInt(account.data.parsed.info.tokenAmount.amount),
        })),
  )
