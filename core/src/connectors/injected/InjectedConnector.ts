import { type Duration, Effect, Option, PubSub, Ref, type Scope, Stream } from "effect"
import { Timings } from "../../config/constants"
import { accountOn, type CaipNetworkId, namespaceOf, referenceOf } from "../../domain/caip"
import type { Network } from "../../domain/network"
import { ConnectionError } from "../../errors/connection"
import { decodeProviderRpcError, isUserRejection, type ProviderRpcError } from "../../errors/ProviderRpcError"
import { isUnrecognizedChain } from "../../errors/rpcCodes"
import type { WalletRequestTimeout } from "../../errors/wallet"
import { checkRpcRequest, type RpcPolicyError } from "../../rpc/checkRpcRequest"
import type { Connection, Connector, ConnectorEvent, RpcRequest } from "../Connector"
import { boundWalletRequest, defaultWalletRequestTimeout } from "../walletRequestBound"
import { type Eip1193Provider, parseWalletChainId } from "./eip1193"
import type { Eip6963ProviderInfo } from "./eip6963"

export type InjectedConnectorError =
  | ConnectionError
  | ProviderRpcError
  | RpcPolicyError
  | WalletRequestTimeout

export type InjectedConnector = Connector<InjectedConnectorError>

interface Connected {
  readonly accounts: ReadonlyArray<string>
  readonly chainId: number
}

/** A chain id the wallet reported (parseWalletChainId: a positive safe integer) as its CAIP-2 id. */
const caip2 = (chainId: number) => `eip155:${chainId}` as CaipNetworkId
const toConnection = (state: Connected): Connection => ({
  accounts: state.accounts.flatMap((address) => Option.toArray(accountOn(caip2(state.chainId), address))),
  chainId: caip2(state.chainId),
})

/** The eip155 chain id a CAIP-2 id names, read as a wallet's decimal chain id would be. */
const evmChainReference = (chainId: CaipNetworkId): number | undefined =>
  namespaceOf(chainId) === "eip155" ? parseWalletChainId(referenceOf(chainId)) : undefined

/**
 * A connector for a browser wallet reached through EIP-1193: an EIP-6963 announcement (with its info) or a
 * plain `window.ethereum`. Every dApp request passes the RPC policy before the wallet sees it; wallet events
 * are decoded into ConnectorEvents with CAIP ids. The wallet listeners are removed when the scope closes.
 */
export const makeInjectedConnector = (
  provider: Eip1193Provider,
  info?: Eip6963ProviderInfo,
  options: { readonly requestTimeout?: Duration.Input | undefined } = {},
): Effect.Effect<InjectedConnector, never, Scope.Scope> =>
  Effect.gen(function* () {
    const events = yield* PubSub.unbounded<ConnectorEvent>()
    const current = yield* Ref.make(Option.none<Connected>())
    const emit = (event: ConnectorEvent) => PubSub.publishUnsafe(events, event)
    const read = () => Option.getOrUndefined(Effect.runSync(Ref.get(current)))
    const write = (state?: Connected) => Effect.runSync(Ref.set(current, Option.fromNullishOr(state)))

    const name = info?.name ?? "Browser Wallet"
    const call = (method: string, params?: unknown) =>
      Effect.tryPromise({
        try: () => provider.request(params === undefined ? { method } : { method, params }),
        catch: decodeProviderRpcError,
      }).pipe(
        boundWalletRequest({
          walletName: name,
          method,
          timeout: options.requestTimeout ?? defaultWalletRequestTimeout,
        }),
      )

    // The reader of the wallet's accounts (walletAccounts.ts: EIP-55, with keccak) loads with the first connect,
    // never in the first paint; an accountsChanged is read only once connected, so only after it has loaded.
    let walletAccounts = (_: unknown): ReadonlyArray<string> => []

    const forget = () => {
      if (read() === undefined) return
      write()
      emit({ _tag: "disconnect" })
    }

    const accountsChanged = (value: unknown) => {
      const state = read()
      if (state === undefined) return // not connected by this dApp: not ours to report
      const accounts = walletAccounts(value)
      if (accounts.length === 0) return forget() // the user disconnected every account
      write({ ...state, accounts })
      emit({ _tag: "accountsChanged", accounts: toConnection({ ...state, accounts }).accounts })
    }
    const walletListeners: Record<string, (...args: Array<unknown>) => void> = {
      accountsChanged,
      chainChanged: (value) => {
        const chainId = parseWalletChainId(value)
        if (chainId === undefined) return
        const state = read()
        if (state) write({ ...state, chainId })
        emit({ _tag: "chainChanged", chainId: caip2(chainId) })
      },
      connect: (value) => {
        const chainId = parseWalletChainId((value as { chainId?: unknown } | undefined)?.chainId)
        if (chainId !== undefined) emit({ _tag: "connect", chainId: caip2(chainId) })
      },
      // MetaMask's 1013 is a recoverable disconnect (it is reconnecting): the site keeps its accounts, and the dApp
      // its connection, unless the wallet no longer grants any (as wagmi checks; an unanswered check disconnects).
      disconnect: (error) =>
        (error as ProviderRpcError)?.code === 1013
          ? Effect.runPromise(call("eth_accounts")).then(accountsChanged, forget)
          : forget(),
      message: (value) => {
        const message = value as { type?: unknown; data?: unknown } | undefined
        if (typeof message?.type === "string")
          emit({ _tag: "message", type: message.type, data: message.data })
      },
    }
    // Any page script can announce a provider: one whose on/removeListener is broken is still a wallet to ask,
    // only its events go unheard (and it must not stop the others from being offered).
    const eachListener = (method: "on" | "removeListener") =>
      Effect.sync(() => {
        for (const [event, listener] of Object.entries(walletListeners)) {
          try {
            provider[method]?.(event, listener)
          } catch {
            // (nothing to undo: this event is simply not heard)
          }
        }
      })
    yield* Effect.acquireRelease(eachListener("on"), () => eachListener("removeListener"))

    const switchChain = (chainId: CaipNetworkId, network?: Network) =>
      Effect.gen(function* () {
        const reference = evmChainReference(chainId)
        if (reference === undefined) return yield* new ConnectionError({ reason: "connectorChainMismatch" })
        const hexId = `0x${reference.toString(16)}`
        const switching = call("wallet_switchEthereumChain", [{ chainId: hexId }])
        // A chain the wallet does not know: told it (EIP-3085, which the user may refuse), it can switch.
        yield* Effect.catchIf(
          switching,
          (error) => !!network?.rpcUrl && isUnrecognizedChain((error as ProviderRpcError).code),
          () =>
            Effect.andThen(
              call("wallet_addEthereumChain", [
                {
                  chainId: hexId,
                  chainName: network?.name,
                  nativeCurrency: network?.nativeCurrency,
                  rpcUrls: [network?.rpcUrl],
                },
              ]),
              switching,
            ),
        )
        // Wallets also send chainChanged, but not all of them do it before the request resolves.
        const state = read()
        if (state) write({ ...state, chainId: reference })
      })

    const connect = (options?: {
      readonly chainId?: CaipNetworkId | undefined
      readonly silent?: boolean | undefined
    }) =>
      Effect.gen(function* () {
        if (read() !== undefined) return yield* new ConnectionError({ reason: "connectorAlreadyConnected" })
        const reported = yield* call(options?.silent ? "eth_accounts" : "eth_requestAccounts")
        walletAccounts = (yield* Effect.promise(() => import("./walletAccounts"))).parseWalletAccounts
        const accounts = walletAccounts(reported)
        if (accounts.length === 0) return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
        const walletChain = parseWalletChainId(yield* call("eth_chainId"))
        if (walletChain === undefined) return yield* new ConnectionError({ reason: "connectorChainMismatch" })
        write({ accounts, chainId: walletChain })
        // A silent reconnect keeps the wallet's chain (a switch could prompt); the app follows the wallet's chain.
        if (!options?.silent && options?.chainId && options.chainId !== caip2(walletChain)) {
          // A wallet that cannot switch (it lacks the chain, it did not answer) stays connected on its own chain, as
          // with wagmi: the app then offers the switch. Only the user's refusal ends the connect.
          yield* switchChain(options.chainId).pipe(
            Effect.catchIf(
              (error) => !isUserRejection(error),
              () => Effect.void,
            ),
            Effect.tapError(() => Effect.sync(write)),
          )
        }
        return toConnection(read() ?? { accounts, chainId: walletChain })
      })

    const disconnect = () =>
      // Injected wallets keep their own permission; revoking it is a courtesy the dApp hardly waits for.
      call("wallet_revokePermissions", [{ eth_accounts: {} }]).pipe(
        Effect.timeout(Timings.permissionRevokeTimeout),
        Effect.ignore,
        Effect.ensuring(Effect.sync(forget)),
      )

    const request = (rpc: RpcRequest) =>
      Effect.gen(function* () {
        const checked = yield* checkRpcRequest(rpc, {
          providerConnected: read() !== undefined,
          namespace: "eip155",
        })
        return yield* call(checked.method, checked.params)
      })

    return {
      id: info?.rdns ?? "injected",
      name,
      type: info ? "ANNOUNCED" : "INJECTED",
      chain: "eip155",
      imageUrl: info?.icon,
      rdns: info?.rdns,
      connect,
      disconnect,
      request,
      switchChain,
      events: Stream.fromPubSub(events),
    } satisfies InjectedConnector
  })
