import { Effect, Result, SubscriptionRef } from "effect"
import { displayableBalances } from "../../api/blockchain/activity"
import { loadSolana } from "../../chains/SolanaSupport"
import type { SplTokenBalance } from "../../chains/solana/tokenBalances"
import type { CaipAccountId } from "../../domain/caip"
import type { Token } from "../../domain/token"
import { Account } from "../../state/Account"
import type { CaipNetwork } from "../../state/Options"
import { formatUnits } from "../../validation/amount"

/**
 * A solana account's SPL Token and Token-2022 holdings as rows of its Tokens tab, read from the network's node:
 * the Blockchain API knows no local or private cluster, and the send view's token picker lists those rows.
 */

/** A mint has no symbol on chain (that lives in off-chain metadata): its shortened address stands for it. */
const mintSymbol = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`

/**
 * One holding as a Tokens tab row: named by its CAIP-10 mint, unpriced (the node knows no market), with the part
 * in frozen token accounts, which a send cannot spend.
 */
export const splTokenRow = (
  caipNetworkId: CaipNetwork["caipNetworkId"],
  holding: SplTokenBalance,
): Token => ({
  address: `${caipNetworkId}:${holding.mint}`,
  symbol: mintSymbol(holding.mint),
  name: holding.mint,
  chainId: caipNetworkId,
  quantity: {
    decimals: String(holding.decimals),
    numeric: holding.formatted,
    // (decimals come from the node's u8, so formatting cannot fail)
    ...(holding.frozen > 0n && { frozen: Result.getOrThrow(formatUnits(holding.frozen, holding.decimals)) }),
  },
  price: 0,
})

/**
 * The rows with the node's holdings: a row the API listed keeps its name and price and takes the node's amount
 * (the truth an indexer may lag on); a holding the API does not list is added after the rows, unless it has
 * 0 decimals (an NFT), which §5 drops from token balances as the API path does.
 */
export const withNodeHoldings = (
  rows: ReadonlyArray<Token>,
  held: ReadonlyArray<Token>,
): ReadonlyArray<Token> => {
  const same = (a: Token, b: Token) => a.address?.toLowerCase() === b.address?.toLowerCase()
  const updated = rows.map((row) => {
    const node = held.find((holding) => same(holding, row))
    return node === undefined
      ? row
      : { ...row, quantity: node.quantity, value: Number(node.quantity.numeric) * row.price }
  })
  const added = displayableBalances(held).filter((holding) => !rows.some((row) => same(row, holding)))
  return [...updated, ...added]
}

/** Reads the holdings of `caipAddress` on the network's node and puts them in its Tokens tab rows. */
export const refreshSplHoldings = (caipAddress: CaipAccountId, owner: string, caipNetwork: CaipNetwork) =>
  Effect.gen(function* () {
    const { solanaRpcOf, getSplTokenBalances } = yield* loadSolana
    const holdings = yield* getSplTokenBalances(yield* solanaRpcOf(caipNetwork), owner)
    const account = yield* Account
    const rows = (yield* SubscriptionRef.get(account.state)).byNamespace.solana?.tokenBalance ?? []
    const held = holdings.map((holding) => splTokenRow(caipNetwork.caipNetworkId, holding))
    yield* account.updateIfCurrent("solana", caipAddress, { tokenBalance: withNodeHoldings(rows, held) })
  })
