import { Clock, Effect, Option, Schema, SubscriptionRef } from "effect"
import type { Address, Hash } from "viem"
import { BlockchainApi } from "../../api/blockchain/BlockchainApi"
import type { Transaction } from "../../api/blockchain/schemas"
import type { EvmError } from "../../chains/evm/errors"
import { loadSolana } from "../../chains/SolanaSupport"
import type { SolanaSubmissionRefused, SolanaTransactionExpired } from "../../chains/solana/errors"
import type { SolanaRpcCallError } from "../../chains/solana/rpc/SolanaRpc"
import type { PrepareTransferError } from "../../chains/solana/transfer"
import type { ConnectorError } from "../../connectors/Connector"
import { AppKitError } from "../../domain/appKitError"
import { addressOfAccount, type CaipAccountId, decodeCaipAccountId } from "../../domain/caip"
import type { TransactionConfirmationTimeout } from "../../errors/confirmation"
import type { ConnectionError } from "../../errors/connection"
import { NameError } from "../../errors/names"
import type { NodeError } from "../../errors/nodeErrors"
import { toastForWalletError } from "../../errors/toasts"
import { Account } from "../../state/Account"
import { AccountData } from "../../state/AccountData"
import type { Connection } from "../../state/Connection"
import type { ConnectorNotFoundError, Connectors } from "../../state/Connectors"
import { Network } from "../../state/Network"
import type { CaipNetwork } from "../../state/Options"
import { isReceiverName, resolveReceiverName } from "../../state/receiverName"
import { Send, type SendValidationError, type ValidSend } from "../../state/Send"
import { Toast } from "../../state/Toast"
import { Transactions } from "../../state/Transactions"
import type { InvalidAddress } from "../../validation/address/AddressCheck"
import { type ParseUnitsError, parseUnits } from "../../validation/amount"
import { connectedEvmClients } from "./evmClients"
import { type GetBalanceReturnType, getBalance } from "./getBalance"
import { refreshSplHoldings } from "./solanaTokenRows"
import { connectedWallet, evmAddress } from "./wallet"

/**
 * Executing the send form (§1: eip155 and solana) and reading the native balance from the network's node.
 * viem's actions and the solana module are imported on first use, so an app that never sends or reads a
 * node never downloads them.
 */

/** What a submitted send came to: confirmed (or failed) on chain within the §9 confirmation timeout. */
export interface SendOutcome {
  readonly hash: string
  readonly status: "confirmed" | "failed"
}

/** The form was submitted again while its send is under way (a double click): it would send twice. */
export class SendInProgressError extends AppKitError(
  Schema.TaggedError<SendInProgressError>()("SendInProgressError", {}),
) {
  override get message(): string {
    return "A send is already under way"
  }
}

export type SubmitSendErrorType =
  | SendInProgressError
  | SendValidationError
  | ParseUnitsError
  | InvalidAddress
  | ConnectionError
  | ConnectorNotFoundError
  | ConnectorError
  | EvmError
  | NodeError
  | TransactionConfirmationTimeout
  | PrepareTransferError
  | SolanaRpcCallError
  | SolanaSubmissionRefused
  | SolanaTransactionExpired
  | NameError

/** The receiver as an address: a name (alice.reown.id) resolved through the Blockchain API first. */
export const receiverAddressOf = (receiver: string, chainId: number | string) =>
  Effect.gen(function* () {
    if (!isReceiverName(receiver)) return yield* evmAddress(receiver)
    const api = yield* Effect.serviceOption(BlockchainApi)
    if (Option.isNone(api))
      return yield* new NameError({ reason: "resolve", cause: "No Blockchain API configured" })
    const resolved = yield* resolveReceiverName(receiver, Number(chainId)).pipe(
      Effect.provideService(BlockchainApi, api.value),
    )
    return yield* evmAddress(resolved)
  })

/**
 * What a receiver name (alice.reown.id) resolves to on the active eip155 network, for the send view to show
 * before anything is sent; undefined for a receiver that is no name, or off eip155 (names are eip155 only, §4).
 */
export const resolveReceiver = (receiver: string) =>
  Effect.gen(function* () {
    const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
    const trimmed = receiver.trim()
    if (caipNetwork.chainNamespace !== "eip155" || !isReceiverName(trimmed)) return undefined
    return yield* receiverAddressOf(trimmed, caipNetwork.id)
  })

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

/** The account's balance and its native token row, from the node (the truth an indexer may lag on). */
const setNodeBalance = (
  namespace: "eip155" | "solana",
  caipAddress: CaipAccountId,
  caipNetwork: CaipNetwork,
  balance: GetBalanceReturnType,
) =>
  Effect.gen(function* () {
    const account = yield* Account
    const current = (yield* SubscriptionRef.get(account.state)).byNamespace[namespace]?.tokenBalance ?? []
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
    yield* account.updateIfCurrent(namespace, caipAddress, {
      balance: balance.formatted,
      balanceSymbol: balance.symbol,
      tokenBalance: [nativeRow, ...current.filter((token) => token.address !== undefined)],
    })
  })

/**
 * Reads the active account's native balance from the network's node as `getBalance` does (eip155: the dApp's
 * transport, the RPC URL, else the wallet on that chain; solana: the RPC URL) and makes it the account's
 * balance and its native token row. Does nothing without an account on the active network or on a namespace
 * without balances; a failed read is logged, not raised.
 */
export const refreshNodeBalance: Effect.Effect<void, never, Network | Account | Connection | Connectors> =
  Effect.gen(function* () {
    const { caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
    const namespace = caipNetwork.chainNamespace
    if (namespace !== "eip155" && namespace !== "solana") return
    const caipAddress = (yield* SubscriptionRef.get((yield* Account).state)).byNamespace[namespace]
      ?.caipAddress
    if (caipAddress === undefined) return
    const balance = yield* getBalance({
      address: addressOfAccount(caipAddress),
      chainId: caipNetwork.caipNetworkId,
    })
    yield* setNodeBalance(namespace, caipAddress, caipNetwork, balance)
    if (namespace === "solana")
      yield* refreshSplHoldings(caipAddress, addressOfAccount(caipAddress), caipNetwork).pipe(
        Effect.catch((error) => Effect.logWarning("Token holdings unavailable from the node", error)),
      )
  }).pipe(Effect.catch((error) => Effect.logWarning("Native balance unavailable from the node", error)))

/** A transfer the wallet has sent: its hash (or signature), and the wait for the chain's verdict. */
interface SubmittedTransfer<E> {
  readonly from: string
  /** The receiver's address (a name in the form resolved). */
  readonly to: string
  readonly hash: string
  readonly confirmation: Effect.Effect<"confirmed" | "failed", E>
}

/** The eip155 transfer of the valid form: signed and sent by the connected wallet, confirmed by a receipt. */
const submitEvmTransfer = (valid: ValidSend, caipNetwork: CaipNetwork) =>
  Effect.gen(function* () {
    const { wallet, evm, walletClient, node } = yield* connectedEvmClients(caipNetwork)
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
    const to = yield* receiverAddressOf(valid.receiverAddress, caipNetwork.id)
    const hash: Hash = yield* evm.sendTransfer(walletClient, { signer: from, to, amount: units, token }, node)
    return {
      from,
      to,
      hash,
      confirmation: Effect.map(evm.waitForReceipt(node, hash), (receipt) =>
        receipt.status === "success" ? ("confirmed" as const) : ("failed" as const),
      ),
    } satisfies SubmittedTransfer<unknown>
  })

/** The solana transfer of the valid form (SOL or an SPL mint), through the solana module loaded now. */
const submitSolanaSend = (valid: ValidSend, caipNetwork: CaipNetwork) =>
  Effect.gen(function* () {
    const wallet = yield* connectedWallet("solana")
    const amount = yield* Effect.fromResult(parseUnits(valid.amount, Number(valid.token.quantity.decimals)))
    const { submitSolanaTransfer } = yield* loadSolana
    const sent = yield* submitSolanaTransfer(caipNetwork, wallet, {
      to: valid.receiverAddress,
      amount,
      token: valid.token.address,
    })
    return {
      from: wallet.address,
      to: valid.receiverAddress,
      hash: sent.signature,
      confirmation: sent.confirmation,
    } satisfies SubmittedTransfer<unknown>
  })

/**
 * Validates the send form (§5 messages), asks the wallet connected on the active namespace (eip155 or solana)
 * to sign and send the transfer, shows it as pending in the activity list, waits for the chain to confirm it
 * (§9: 25 s) and then resets the form. A wallet refusal shows 'Signature declined'; node refusals arrive as
 * typed errors; a submit while one is under way is a SendInProgressError.
 */
export const submitSend: Effect.Effect<
  SendOutcome,
  SubmitSendErrorType,
  Send | Network | Account | Connection | Connectors | Transactions | Toast
> = Effect.gen(function* () {
  const send = yield* Send
  const { activeNamespace, caipNetwork } = yield* SubscriptionRef.get((yield* Network).state)
  const valid = yield* send.validate(activeNamespace)
  const transactions = yield* Transactions
  const toast = yield* Toast
  // Claimed at once, so a second submit (a double click) is refused instead of sending again.
  const claimed = yield* SubscriptionRef.modify(send.state, (s) =>
    s.loading ? [false, s] : [true, { ...s, loading: true }],
  )
  if (!claimed) return yield* new SendInProgressError()
  return yield* Effect.gen(function* () {
    const submission: Effect.Effect<
      SubmittedTransfer<SubmitSendErrorType>,
      SubmitSendErrorType,
      Connection | Connectors
    > = valid.namespace === "solana"
      ? submitSolanaSend(valid, caipNetwork)
      : submitEvmTransfer(valid, caipNetwork)
    const submitted = yield* submission.pipe(
      Effect.tapError((error) => {
        const key = toastForWalletError(error)
        return key === undefined ? Effect.void : toast.showCatalogue(key)
      }),
    )
    const { hash, from, to } = submitted
    const entry = pendingEntry({
      hash,
      from,
      to,
      chain: caipNetwork.caipNetworkId,
      amount: valid.amount,
      symbol: valid.token.symbol,
      name: valid.token.name,
      iconUrl: valid.token.iconUrl,
      minedAt: new Date(yield* Clock.currentTimeMillis).toISOString(),
    })
    const owner = { caipNetworkId: caipNetwork.caipNetworkId, address: from }
    yield* transactions.recordLocal(entry, owner)
    const status = yield* submitted.confirmation
    yield* transactions.recordLocal({ ...entry, metadata: { ...entry.metadata, status } }, owner)
    if (status === "confirmed") yield* send.reset
    // The sent token's row is read again past the 30 s balance caches (the native row comes from the node).
    const accountData = yield* Effect.serviceOption(AccountData)
    if (valid.namespace === "eip155" && valid.token.address !== undefined && Option.isSome(accountData))
      yield* accountData.value.refreshBalance("eip155", valid.token.address)
    yield* refreshNodeBalance
    return { hash, status } satisfies SendOutcome
  }).pipe(Effect.ensuring(send.setLoading(false)))
})
