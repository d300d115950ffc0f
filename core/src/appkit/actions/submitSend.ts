import { Clock, Effect, Option, SubscriptionRef } from "effect"
import type { Address, Hash } from "viem"
import type { Transaction } from "../../api/blockchain/schemas"
import type { EvmError } from "../../chains/evm/errors"
import { asEip1193Provider } from "../../connectors/asEip1193Provider"
import type { ConnectorError } from "../../connectors/Connector"
import { addressOfAccount, decodeCaipAccountId } from "../../domain/caip"
import type { TransactionConfirmationTimeout } from "../../errors/confirmation"
import { ConnectionError } from "../../errors/connection"
import type { NodeError } from "../../errors/nodeErrors"
import { toastForWalletError } from "../../errors/toasts"
import { Account } from "../../state/Account"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import { Network } from "../../state/Network"
import { Send, type SendValidationError } from "../../state/Send"
import { Toast } from "../../state/Toast"
import { Transactions } from "../../state/Transactions"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { type ParseUnitsError, parseUnits } from "../../validation/amount"
import { getBalance } from "./getBalance"
import { connectedWallet, evmAddress, evmReadTarget } from "./wallet"

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

export type SubmitSendErrorType =
  | SendValidationError
  | ParseUnitsError
  | InvalidAddress
  | ConnectionError
  | ConnectorNotFoundError
  | ConnectorError
  | EvmError
  | NodeError
  | TransactionConfirmationTimeout

const evm = Effect.promise(() => import("../../chains/evm/index"))

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
 * Reads the active eip155 account's native balance as `getBalance` does (the dApp's transport, the network's
 * RPC URL, else the wallet on that chain) and makes it the account's balance and its native token row: the
 * node is the truth for the native coin, which an indexer may lag on or not know at all (a local chain).
 * Does nothing without an eip155 account on the active network; a failed read is logged, not raised.
 */
export const refreshNodeBalance: Effect.Effect<void, never, Network | Account | Connection | Connectors> =
  Effect.gen(function* () {
    const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
    const account = yield* Account
    const caipAddress = (yield* SubscriptionRef.get(account.state)).byNamespace.eip155?.caipAddress
    if (caipNetwork.chainNamespace !== "eip155" || caipAddress === undefined) return
    const balance = yield* getBalance({ address: addressOfAccount(caipAddress) })
    const current = (yield* SubscriptionRef.get(account.state)).byNamespace.eip155?.tokenBalance ?? []
    const native = current.find((token) => token.address === undefined)
    const nativeRow = {
      ...(native ?? {
        symbol: balance.symbol,
        name: caipNetwork.nativeCurrency?.name ?? balance.symbol,
        chainId: caipNetwork.caipNetworkId,
        price: 0,
      }),
      quantity: { decimals: String(balance.decimals), numeric: balance.formatted },
      value: Number(balance.formatted) * (native?.price ?? 0),
    }
    yield* account.updateIfCurrent("eip155", caipAddress, {
      balance: balance.formatted,
      balanceSymbol: balance.symbol,
      tokenBalance: [nativeRow, ...current.filter((token) => token.address !== undefined)],
    })
  }).pipe(Effect.catch((error) => Effect.logWarning("Native balance unavailable from the node", error)))

/**
 * Validates the send form (§5 messages), asks the connected wallet to sign and send the transfer, shows it
 * as pending in the activity list, waits for its receipt (§9: 25 s) and then resets the form. A wallet
 * refusal shows 'Signature declined'; node refusals arrive as typed NodeErrors.
 */
export const submitSend: Effect.Effect<
  SendOutcome,
  SubmitSendErrorType,
  Send | Network | Account | Connection | Connectors | Transactions | Toast
> = Effect.gen(function* () {
  const send = yield* Send
  const { activeNamespace, caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
  const valid = yield* send.validate(activeNamespace)
  if (valid.namespace !== "eip155") return yield* new ConnectionError({ reason: "chainAdapterNotFound" })
  const wallet = yield* connectedWallet("eip155")
  const units = yield* Effect.fromResult(parseUnits(valid.amount, Number(valid.token.quantity.decimals)))
  const from = wallet.address as Address
  // The token is named by its CAIP-10 id; its contract must be a real EVM address before the wallet sees it.
  const token =
    valid.token.address === undefined
      ? undefined
      : yield* evmAddress(
          Option.match(decodeCaipAccountId(valid.token.address), {
            onNone: () => valid.token.address,
            onSome: addressOfAccount,
          }),
        )
  const { evmProviderClient, readClient, sendTransfer, waitForReceipt } = yield* evm
  const walletClient = evmProviderClient(asEip1193Provider(wallet.connector))
  // A wallet over WalletConnect may not answer reads (gas estimate, receipt): the node does when it is known.
  const target = yield* Effect.option(evmReadTarget(caipNetwork))
  const node =
    target._tag === "Some" && target.value._tag !== "wallet" ? readClient(target.value) : walletClient
  const transactions = yield* Transactions
  const toast = yield* Toast
  yield* send.setLoading(true)
  return yield* Effect.gen(function* () {
    const hash: Hash = yield* sendTransfer(
      walletClient,
      {
        signer: from,
        to: valid.receiverAddress as Address,
        amount: units,
        token,
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
