import { Clock, Effect, Result, SubscriptionRef } from "effect"
import type { Address, Hash } from "viem"
import type { Transaction } from "../api/blockchain/schemas"
import type { NativeCurrency } from "../domain/network"
import { ConnectionError } from "../errors/connection"
import { toastForWalletError } from "../errors/toasts"
import { formatUnits, parseUnits } from "../validation/amount"
import { Account } from "./Account"
import { Connection } from "./Connection"
import { Connectors } from "./Connectors"
import { Network } from "./Network"
import type { CaipNetwork } from "./Options"
import { Send } from "./Send"
import { Toast } from "./Toast"
import { Transactions } from "./Transactions"
import { addressOf } from "./walletConnections"

/**
 * Executing the send form (§1: eip155 here; Solana brings its own adapter) and reading the native balance
 * from the network's node. viem's actions are imported on first use, so an app that never sends or reads
 * a node never downloads them.
 */

/** What a submitted send came to: confirmed (or failed) on chain within the §9 confirmation timeout. */
export interface SendOutcome {
  readonly hash: string
  readonly status: "confirmed" | "failed"
}

const evm = Effect.promise(() => import("../chains/evm/index"))

/** eip155 networks without a `nativeCurrency` are taken to be Ether-like (18 decimals), as wallets assume. */
const nativeCurrencyOf = (network: CaipNetwork): NativeCurrency =>
  network.nativeCurrency ?? { name: "Ether", symbol: "ETH", decimals: 18 }

const nodeUrlOf = (network: CaipNetwork) => network.rpcUrls?.default.http[0]

/** A pending entry of the activity list for a transaction this app sent (the indexer has not seen it yet). */
const pendingEntry = (params: {
  readonly hash: string
  readonly from: string
  readonly to: string
  readonly chain: string
  readonly amount: string
  readonly symbol: string
  readonly name: string | undefined
  readonly iconUrl: string | undefined
  readonly minedAt: string
}): Transaction => ({
  id: params.hash,
  metadata: {
    operationType: "send",
    hash: params.hash,
    minedAt: params.minedAt,
    sentFrom: params.from,
    sentTo: params.to,
    status: "pending",
    nonce: 0,
    chain: params.chain,
  },
  transfers: [
    {
      fungible_info: {
        symbol: params.symbol,
        ...(params.name === undefined ? {} : { name: params.name }),
        icon: params.iconUrl === undefined ? null : { url: params.iconUrl },
      },
      direction: "out",
      quantity: { numeric: params.amount },
    },
  ],
})

/**
 * Reads the active eip155 account's native balance from the network's node (`rpcUrls`) and makes it the
 * account's balance and its native token row: the node is the truth for the native coin, which an indexer
 * may lag on or not know at all (a local chain). Does nothing without a node URL or an eip155 account.
 */
export const refreshNodeBalance = Effect.gen(function* () {
  const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
  const account = yield* Account
  const target = (yield* SubscriptionRef.get(account.state)).byNamespace.eip155
  const url = nodeUrlOf(caipNetwork)
  if (caipNetwork.chainNamespace !== "eip155" || url === undefined || target?.caipAddress === undefined)
    return
  const { caipAddress } = target
  const { evmRpcClient, getNativeBalance } = yield* evm
  const wei = yield* getNativeBalance(evmRpcClient(url), addressOf(caipAddress) as Address)
  const currency = nativeCurrencyOf(caipNetwork)
  const balance = Result.getOrThrow(formatUnits(wei, currency.decimals))
  const current = (yield* SubscriptionRef.get(account.state)).byNamespace.eip155?.tokenBalance ?? []
  const native = current.find((token) => token.address === undefined)
  const nativeRow = {
    ...(native ?? {
      symbol: currency.symbol,
      name: currency.name,
      chainId: caipNetwork.caipNetworkId,
      price: 0,
    }),
    quantity: { decimals: String(currency.decimals), numeric: balance },
    value: Number(balance) * (native?.price ?? 0),
  }
  yield* account.updateIfCurrent("eip155", caipAddress, {
    balance,
    balanceSymbol: currency.symbol,
    tokenBalance: [nativeRow, ...current.filter((token) => token.address !== undefined)],
  })
}).pipe(Effect.catch((error) => Effect.logWarning("Native balance unavailable from the node", error)))

/**
 * Validates the send form (§5 messages), asks the connected wallet to sign and send the transfer, shows it
 * as pending in the activity list, waits for its receipt (§9: 25 s) and then resets the form. A wallet
 * refusal shows 'Signature declined'; node refusals arrive as typed NodeErrors.
 */
export const submitSend = Effect.gen(function* () {
  const send = yield* Send
  const network = yield* Network
  const { activeNamespace, caipNetwork } = yield* SubscriptionRef.get(network.state)
  const valid = yield* send.validate(activeNamespace)
  if (valid.namespace !== "eip155") return yield* new ConnectionError({ reason: "chainAdapterNotFound" })
  const connection = (yield* SubscriptionRef.get((yield* Connection).state)).connections.eip155
  if (connection === undefined) return yield* new ConnectionError({ reason: "connectorNotConnected" })
  const connector = yield* (yield* Connectors).get(connection.connectorId)
  const units = yield* Effect.fromResult(parseUnits(valid.amount, Number(valid.token.quantity.decimals)))
  const from = addressOf(connection.accounts[0] ?? "") as Address
  const { evmProviderClient, evmRpcClient, sendTransfer, waitForReceipt } = yield* evm
  const wallet = evmProviderClient({ request: (args) => Effect.runPromise(connector.request(args)) })
  const nodeUrl = nodeUrlOf(caipNetwork)
  // A wallet over WalletConnect may not answer reads (gas estimate, receipt): the node does when it is known.
  const node = nodeUrl === undefined ? wallet : evmRpcClient(nodeUrl)
  const transactions = yield* Transactions
  const toast = yield* Toast
  yield* send.setLoading(true)
  return yield* Effect.gen(function* () {
    const hash: Hash = yield* sendTransfer(
      wallet,
      {
        signer: from,
        to: valid.receiverAddress as Address,
        amount: units,
        token: valid.token.address === undefined ? undefined : (addressOf(valid.token.address) as Address),
      },
      node,
    ).pipe(
      Effect.tapError((error) => {
        const key = toastForWalletError(error)
        return key === undefined ? Effect.void : toast.showCatalogue(key)
      }),
    )
    const entry = pendingEntry({
      hash,
      from,
      to: valid.receiverAddress,
      chain: caipNetwork.caipNetworkId,
      amount: valid.amount,
      symbol: valid.token.symbol,
      name: valid.token.name,
      iconUrl: valid.token.iconUrl,
      minedAt: new Date(yield* Clock.currentTimeMillis).toISOString(),
    })
    const owner = { caipNetworkId: caipNetwork.caipNetworkId, address: from }
    yield* transactions.recordLocal(entry, owner)
    const receipt = yield* waitForReceipt(node, hash)
    const status = receipt.status === "success" ? "confirmed" : "failed"
    yield* transactions.recordLocal({ ...entry, metadata: { ...entry.metadata, status } }, owner)
    if (status === "confirmed") yield* send.reset
    yield* refreshNodeBalance
    return { hash, status } satisfies SendOutcome
  }).pipe(Effect.ensuring(send.setLoading(false)))
})
