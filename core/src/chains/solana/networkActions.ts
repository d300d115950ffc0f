import { Effect, Option, Result } from "effect"
import type { ConnectorError } from "../../connectors/Connector"
import { addressOfAccount, decodeCaipAccountId } from "../../domain/caip"
import { ConnectionError } from "../../errors/connection"
import { formatUnits } from "../../validation/amount"
import { solanaAddress } from "./addresses"
import { getSolBalance } from "./balance"
import { waitForSolanaSignature } from "./confirm"
import { SolanaTransactionFailed } from "./errors"
import { makeSolanaRpc, type SolanaRpc } from "./rpc/SolanaRpc"
import { type SolanaWallet, submitPreparedTransfer } from "./sendTransfer"
import { getSplTokenBalances } from "./tokenBalances"
import { type PreparedTransfer, prepareSolTransfer, prepareSplTransfer, readMint } from "./transfer"

/**
 * The solana side of createAppKit's actions (balance, send, the send form), reached through this folder's
 * index (the one lazy door to Solana), so @solana/kit never reaches an app that does not use Solana.
 */

/** A solana network as the app configured it: only its node matters here. */
interface SolanaNetwork {
  readonly rpcUrl?: string | undefined
}

/** The account connected on solana and its wallet (any Solana connector). */
interface SolanaAccount<E extends ConnectorError> {
  readonly address: string
  readonly connector: SolanaWallet<E>
}

/** The node of a solana network: its RPC URL (the app's `rpcUrls` entry wins over the network's own). */
export const solanaRpcOf = (network: SolanaNetwork): Effect.Effect<SolanaRpc, ConnectionError> =>
  network.rpcUrl === undefined
    ? Effect.fail(new ConnectionError({ reason: "networkClientNotSet" }))
    : Effect.succeed(makeSolanaRpc(network.rpcUrl))

/** A mint named plainly or by its CAIP-10 id (solana:<cluster>:<mint>, as token rows carry it). */
const mintOf = (token: string) =>
  solanaAddress(Option.match(decodeCaipAccountId(token), { onNone: () => token, onSome: addressOfAccount }))

/**
 * The balance of an owner on a solana network, exact in base units: SOL in lamports (1e9 per SOL, §9), or
 * an SPL Token / Token-2022 mint's holding over all the owner's accounts of it (zero when it holds none).
 * A mint has no symbol on chain (that lives in off-chain metadata), so its address stands for it.
 */
export const readSolanaBalance = (network: SolanaNetwork, owner: string, token: string | undefined) =>
  Effect.gen(function* () {
    const rpc = yield* solanaRpcOf(network)
    if (token === undefined) {
      const balance = yield* getSolBalance(rpc, owner)
      return {
        value: balance.lamports,
        decimals: balance.decimals as number,
        symbol: balance.symbol as string,
        formatted: balance.sol,
      }
    }
    const mint = yield* mintOf(token)
    const [{ decimals }, holdings] = yield* Effect.all(
      [readMint(rpc, mint), getSplTokenBalances(rpc, owner)],
      { concurrency: 2 },
    )
    const value = holdings.find((holding) => holding.mint === mint)?.amount ?? 0n
    // (decimals come from the mint account's u8, so formatting cannot fail)
    const formatted = Result.getOrElse(formatUnits(value, decimals), () => String(value))
    return { value, decimals, symbol: mint, formatted }
  })

export interface SolanaTransfer {
  readonly to: string
  /** Base units: lamports, or the mint's smallest unit. */
  readonly amount: bigint
  /** An SPL Token or Token-2022 mint (plain or CAIP-10); SOL when absent. */
  readonly token?: string | undefined
}

/**
 * Prepares the transfer for the connected solana wallet (§9 compute budget, simulated; the recipient's token
 * account created when missing) and has the wallet sign and send it. Resolves to the transaction's id
 * (base58) once the wallet has sent it, with the effect that waits for the cluster to confirm it.
 */
export const submitSolanaTransfer = <E extends ConnectorError>(
  network: SolanaNetwork,
  wallet: SolanaAccount<E>,
  transfer: SolanaTransfer,
) =>
  Effect.gen(function* () {
    const rpc = yield* solanaRpcOf(network)
    const from = wallet.address
    const prepared: PreparedTransfer =
      transfer.token === undefined
        ? yield* prepareSolTransfer(rpc, { from, to: transfer.to, lamports: transfer.amount })
        : yield* prepareSplTransfer(rpc, {
            from,
            to: transfer.to,
            mint: yield* mintOf(transfer.token),
            amount: transfer.amount,
          })
    const signature = yield* submitPreparedTransfer(wallet.connector, prepared, rpc)
    /**
     * Confirmed within the §9 confirmation timeout, or failed on chain (a SolanaTransactionFailed); not seen
     * by then with its blockhash expired, a SolanaTransactionExpired.
     */
    const confirmation = waitForSolanaSignature(rpc, signature, { prepared }).pipe(
      Effect.as("confirmed" as const),
      Effect.catchIf(
        (error) => error instanceof SolanaTransactionFailed,
        () => Effect.succeed("failed" as const),
      ),
    )
    return { signature, prepared, confirmation }
  })
