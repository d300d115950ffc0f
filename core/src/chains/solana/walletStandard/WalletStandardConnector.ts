import { equalBytes } from "@noble/curves/utils.js"
import { base58, hex } from "@scure/base"
import type { IdentifierString, Wallet, WalletAccount } from "@wallet-standard/base"
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
} from "@wallet-standard/features"
import { type Duration, Effect, Option, PubSub, type Scope, Stream } from "effect"
import type { Connection, Connector, ConnectorEvent, RpcRequest } from "../../../connectors/Connector"
import { boundWalletRequest, defaultWalletRequestTimeout } from "../../../connectors/walletRequestBound"
import type { AccountTypeObject } from "../../../domain/account"
import { accountOn, type CaipNetworkId } from "../../../domain/caip"
import { ConnectionError } from "../../../errors/connection"
import { decodeProviderRpcError, type ProviderRpcError } from "../../../errors/ProviderRpcError"
import type { WalletRequestTimeout } from "../../../errors/wallet"
import { checkRpcRequest, type RpcPolicyError } from "../../../rpc/checkRpcRequest"
import { Refusal } from "../../../validation/address/AddressCheck"
import { checkSolanaAddress } from "../../../validation/address/solana"
import type { SolanaChainMap } from "../clusters"
import { type CallWallet, runSolanaWalletRequest } from "./walletRequests"

export type WalletStandardConnectorError =
  | ConnectionError
  | ProviderRpcError
  | RpcPolicyError
  | WalletRequestTimeout

export type WalletStandardConnector = Connector<WalletStandardConnectorError> & {
  /** The Wallet Standard wallet behind it (for its icon, features and accounts). */
  readonly wallet: Wallet
}

export interface WalletStandardConnectorOptions {
  /** How this app names Solana clusters (its local validator included). */
  readonly chains: SolanaChainMap
  /** How long the wallet may take to answer one request, user approval included (default 5 min). */
  readonly requestTimeout?: Duration.Input | undefined
}

interface Connected {
  readonly accounts: ReadonlyArray<WalletAccount>
  readonly chainId: CaipNetworkId
}

type LifecycleFeatures = Partial<StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature>

/** An account as the standard shapes it; a wallet's reply or event may hold anything. */
const isWalletAccount = (value: unknown): value is WalletAccount => {
  const account = value as Partial<Record<keyof WalletAccount, unknown>> | null
  return (
    typeof account === "object" &&
    account !== null &&
    typeof account.address === "string" &&
    account.publicKey instanceof Uint8Array &&
    Array.isArray(account.chains) &&
    account.chains.every((chain) => typeof chain === "string")
  )
}

/** A Solana address (32 bytes, base58) that is the account's own public key. */
const isOwnSolanaAddress = (account: WalletAccount) =>
  !(checkSolanaAddress(account.address) instanceof Refusal) &&
  equalBytes(base58.decode(account.address), new Uint8Array(account.publicKey))

/** The well-formed Solana accounts of what the wallet answered (anything else is no account). */
const solanaAccounts = (accounts: unknown): ReadonlyArray<WalletAccount> =>
  Array.isArray(accounts)
    ? accounts
        .filter(isWalletAccount)
        .filter((account) => account.chains.some((chain) => chain.startsWith("solana:")))
        .filter(isOwnSolanaAddress)
    : []

const accountTypeObject = (account: WalletAccount): AccountTypeObject => ({
  namespace: "solana",
  address: account.address,
  type: "eoa",
  publicKey: hex.encode(new Uint8Array(account.publicKey)),
})

const toConnection = (state: Connected): Connection => ({
  accounts: state.accounts.flatMap((account) => Option.toArray(accountOn(state.chainId, account.address))),
  chainId: state.chainId,
  allAccounts: state.accounts.map(accountTypeObject),
})

/**
 * A connector for one Wallet Standard Solana wallet. Chains are CAIP-2 ids outside and the wallet's names
 * (solana:mainnet, …) inside; Wallet Standard has no "switch chain" request, so switching is choosing which
 * of the account's chains the next requests name. The wallet's `change` events become ConnectorEvents; its
 * listener is removed when the scope closes. Every wallet call is bounded by `requestTimeout`.
 */
export const makeWalletStandardConnector = (
  wallet: Wallet,
  options: WalletStandardConnectorOptions,
): Effect.Effect<WalletStandardConnector, never, Scope.Scope> =>
  Effect.gen(function* () {
    const features = wallet.features as LifecycleFeatures
    const timeout = options.requestTimeout ?? defaultWalletRequestTimeout
    const events = yield* PubSub.unbounded<ConnectorEvent>()
    const emit = (event: ConnectorEvent) => PubSub.publishUnsafe(events, event)
    let state: Connected | undefined

    const callWallet: CallWallet = (feature, call) =>
      Effect.tryPromise({ try: call, catch: decodeProviderRpcError }).pipe(
        boundWalletRequest({ walletName: wallet.name, method: feature, timeout }),
      )

    /** Whether an account can be used on a CAIP-2 chain. */
    const supports = (account: WalletAccount, chainId: string) => {
      const name = options.chains.toWallet(chainId)
      return name !== undefined && (account.chains as ReadonlyArray<string>).includes(name)
    }
    /** The first of the account's chains this app knows, as a CAIP-2 id. */
    const firstKnownChain = (account: WalletAccount) =>
      account.chains.map(options.chains.toCaip).find((chainId) => chainId !== undefined)

    const forget = () => {
      if (state === undefined) return
      state = undefined
      emit({ _tag: "disconnect" })
    }

    /** The wallet's accounts or chains changed: follow them, and report what the dApp would see change. */
    const onChange = (properties: StandardEventsChangeProperties) => {
      if (state === undefined || (properties.accounts === undefined && properties.chains === undefined))
        return
      const accounts =
        properties.accounts === undefined ? state.accounts : solanaAccounts(properties.accounts)
      const [first] = accounts
      if (first === undefined) return forget()
      const chainId = supports(first, state.chainId) ? state.chainId : firstKnownChain(first)
      if (chainId === undefined) return forget()
      const before = state
      state = { accounts, chainId }
      if (chainId !== before.chainId) emit({ _tag: "chainChanged", chainId })
      const addresses = (connected: Connected) => connected.accounts.map((account) => account.address).join()
      if (addresses(state) !== addresses(before) || chainId !== before.chainId) {
        const { accounts: caipAccounts, allAccounts } = toConnection(state)
        emit({ _tag: "accountsChanged", accounts: caipAccounts, allAccounts })
      }
    }
    // A wallet whose events cannot be listened to is still a wallet: it connects, its changes go unheard.
    const off = yield* Effect.sync(() => features["standard:events"]?.on("change", onChange)).pipe(
      Effect.catchDefect((cause) =>
        Effect.as(Effect.logWarning(`${wallet.name} cannot report account changes`, cause), undefined),
      ),
    )
    yield* Effect.addFinalizer(() => Effect.sync(() => (typeof off === "function" ? off() : undefined)))

    const connect = (connectOptions?: {
      readonly chainId?: CaipNetworkId | undefined
      readonly silent?: boolean | undefined
    }) =>
      Effect.gen(function* () {
        if (state !== undefined) return yield* new ConnectionError({ reason: "connectorAlreadyConnected" })
        const feature = features["standard:connect"]
        if (feature === undefined) return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
        const reply: unknown = yield* callWallet("standard:connect", () =>
          // Silent: the standard's own flag, a wallet restores an earlier approval or answers no accounts.
          feature.connect(connectOptions?.silent === true ? { silent: true } : undefined),
        )
        const usable = solanaAccounts((reply as { accounts?: unknown } | null | undefined)?.accounts)
        const [first] = usable
        if (first === undefined) return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
        const wanted = connectOptions?.chainId
        const chainId =
          wanted === undefined ? firstKnownChain(first) : supports(first, wanted) ? wanted : undefined
        if (chainId === undefined) return yield* new ConnectionError({ reason: "connectorChainMismatch" })
        state = { accounts: usable, chainId }
        return toConnection(state)
      })

    const disconnect = () =>
      Effect.gen(function* () {
        const feature = features["standard:disconnect"]
        if (feature !== undefined)
          yield* Effect.ignore(callWallet("standard:disconnect", () => feature.disconnect()))
      }).pipe(Effect.ensuring(Effect.sync(forget)))

    const switchChain = (chainId: CaipNetworkId) =>
      Effect.gen(function* () {
        if (state === undefined) return yield* new ConnectionError({ reason: "connectorNotConnected" })
        const [first] = state.accounts
        if (first === undefined || !supports(first, chainId))
          return yield* new ConnectionError({ reason: "connectorChainMismatch" })
        if (chainId === state.chainId) return
        state = { ...state, chainId }
        emit({ _tag: "chainChanged", chainId })
      })

    const request = (rpc: RpcRequest) =>
      Effect.gen(function* () {
        const checked = yield* checkRpcRequest(rpc, {
          providerConnected: state !== undefined,
          namespace: "solana",
        })
        const [account] = state?.accounts ?? []
        const chain = state === undefined ? undefined : options.chains.toWallet(state.chainId)
        if (account === undefined || chain === undefined)
          return yield* new ConnectionError({ reason: "connectorNotConnected" })
        return yield* runSolanaWalletRequest(
          { wallet, account, chain: chain as IdentifierString, callWallet },
          checked,
        )
      })

    return {
      id: `wallet-standard:${wallet.name}`,
      name: wallet.name,
      type: "ANNOUNCED",
      chain: "solana",
      imageUrl: wallet.icon,
      wallet,
      connect,
      disconnect,
      request,
      switchChain,
      events: Stream.fromPubSub(events),
    } satisfies WalletStandardConnector
  })
