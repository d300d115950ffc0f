import { Cause, Effect, Exit, Layer, ManagedRuntime, Schema, Stream, SubscriptionRef } from "effect"
import type { BlockchainApi } from "./api/blockchain/BlockchainApi"
import { apiLayer } from "./api/layer"
import type { Connector } from "./connectors/Connector"
import { makeWalletConnectConnector } from "./connectors/walletconnect/WalletConnectConnector"
import type { PreferredAccountTypes } from "./domain/account"
import type { ChainNamespace } from "./domain/namespace"
import type { RecentWallet } from "./domain/storageKeys"
import { ConnectionError } from "./errors/connection"
import { ApiConfig } from "./http/ApiConfig"
import { generateSiweNonce } from "./siwx/nonce"
import { SiwxSessionStore } from "./siwx/SiwxSessionStore"
import { type SiwxConfig, siwxClient } from "./siwx/siwxClient"
import { Account, type AccountState, type AccountTab } from "./state/Account"
import { AccountData } from "./state/AccountData"
import { Connection, type ConnectionState } from "./state/Connection"
import { Connectors, type ConnectorsState } from "./state/Connectors"
import { stateLayer } from "./state/layer"
import { Modal, type ModalState } from "./state/Modal"
import { Names, type NamesState } from "./state/Names"
import { Network, type NetworkState } from "./state/Network"
import { AppKitOptions, type Features, Options, type ResolvedOptions } from "./state/Options"
import { Pairing, type PairingState } from "./state/Pairing"
import { checkProject } from "./state/projectCheck"
import { Router, type RouterState, type TransactionAction, type View } from "./state/Router"
import { Send, type SendPatch, type SendState, type ValidSend } from "./state/Send"
import { Siwx, type SiwxClient, type SiwxState } from "./state/Siwx"
import { refreshNodeBalance, submitSend } from "./state/sendFlow"
import { Toast, type ToastInput, type ToastState } from "./state/Toast"
import { Transactions, type TransactionsState } from "./state/Transactions"
import { type WalletPageRequest, walletDirectory } from "./state/walletDirectory"
import { Storage } from "./storage/Storage"

/** One immutable snapshot of every state service. */
export interface AppKitState {
  readonly options: ResolvedOptions
  readonly router: RouterState
  readonly modal: ModalState
  readonly connection: ConnectionState
  readonly connectors: ConnectorsState
  readonly account: AccountState
  readonly network: NetworkState
  readonly send: SendState
  readonly transactions: TransactionsState
  readonly toast: ToastState
  readonly names: NamesState
  readonly siwx: SiwxState
  readonly pairing: PairingState
}

export class InvalidAppKitOptionsError extends Schema.TaggedError<InvalidAppKitOptionsError>()(
  "InvalidAppKitOptionsError",
  { issue: Schema.String },
) {
  override get message(): string {
    return `Invalid AppKit options: ${this.issue}`
  }
}

export interface CreateAppKitOptions {
  /** The data options, validated with the `AppKitOptions` schema. */
  readonly options: unknown
  readonly connectors?: ReadonlyArray<Connector> | undefined
  /** Where the `@appkit/...` keys live: `Storage.memory` by default, `browserStorage` in a page, the file store in the CLI. */
  readonly storage?: Layer.Layer<Storage> | undefined
  /**
   * Sign-in: the eip155 SIWX setup (sessions kept in `storage`), or any SiwxClient layer. Without it,
   * sign-in is off ('SIWX is not enabled').
   */
  readonly siwx?: SiwxConfig | Layer.Layer<SiwxClient, never, Storage> | undefined
  /** The Blockchain API client; by default built from `options.apiUrl` when that is set. */
  readonly api?: Layer.Layer<BlockchainApi> | undefined
  /**
   * Reconnect the stored connections' wallets at once (true by default, as wagmi and the original product
   * do on load); `ready` settles when that is done. A stored wallet that is not among `connectors` may
   * still register (EIP-6963); one that does not register and answer within 10 s is dropped.
   */
  readonly reconnect?: boolean | undefined
}

type Services = Layer.Success<ReturnType<typeof stateLayer>>

/**
 * The WalletConnect connector of `options.walletConnect`, for every configured network, registered with the
 * others. Building it loads no sign-client (that waits for its first use). With the eip155 sign-in setup it
 * asks for one-click sign-in, which the connector uses only when every network is eip155 (§5).
 */
const walletConnectConnector = (options: AppKitOptions, siwx: SiwxConfig | undefined) => {
  const walletConnect = options.walletConnect
  if (walletConnect === undefined) return Layer.empty
  return Layer.effectDiscard(
    Effect.gen(function* () {
      const connector = yield* makeWalletConnectConnector({
        projectId: options.projectId,
        chains: options.networks.map((network) => network.caipNetworkId),
        metadata: walletConnect.metadata ?? { name: "AppKit", description: "", url: "", icons: [] },
        relayUrl: walletConnect.relayUrl,
        ...(siwx && {
          authentication: {
            domain: siwx.domain,
            uri: siwx.uri,
            nonce: generateSiweNonce(),
            ...(siwx.statement === undefined ? {} : { statement: siwx.statement }),
          },
        }),
      })
      yield* (yield* Connectors).register([connector])
    }),
  )
}

/**
 * The Promise + subscribe facade for apps that do not use Effect. Actions reject with the core's tagged
 * error object (`_tag` + the catalogue's message). `getState()` returns the same object until something
 * changes, as React's useSyncExternalStore requires. Each call builds its own services: instances are
 * independent.
 */
export const createAppKit = (input: CreateAppKitOptions) => {
  const decoded = Schema.decodeUnknownExit(AppKitOptions)(input.options)
  if (Exit.isFailure(decoded))
    throw new InvalidAppKitOptionsError({ issue: String(Cause.squash(decoded.cause)) })
  const options = decoded.value
  const api =
    input.api ??
    (options.apiUrl === undefined
      ? Layer.empty
      : apiLayer(ApiConfig.fromBaseUrl(options.apiUrl, { projectId: options.projectId })))
  const storage = input.storage ?? Storage.memory
  const siwxInput = input.siwx
  const siwxConfig =
    siwxInput === undefined || Layer.isLayer(siwxInput) ? undefined : (siwxInput as SiwxConfig)
  const siwx: Layer.Layer<SiwxClient, never, Storage> | Layer.Layer<never> =
    siwxConfig !== undefined
      ? siwxClient(siwxConfig).pipe(Layer.provide(SiwxSessionStore.layer))
      : siwxInput === undefined
        ? Layer.empty
        : (siwxInput as Layer.Layer<SiwxClient, never, Storage>)
  // One Storage for the state services, the sign-in sessions and WalletConnect alike.
  const layer = walletConnectConnector(options, siwxConfig).pipe(
    Layer.provideMerge(stateLayer({ options, connectors: input.connectors })),
    Layer.provide(Layer.provideMerge(siwx, storage)),
    // Merged, not only provided: the wallet directory (AllWallets) reads the WalletApi at run time.
    Layer.provideMerge(api),
  )
  const runtime = ManagedRuntime.make(layer)
  // All layers are synchronous (storage reads included), so the services exist before the first render.
  const built = runtime.runSyncExit(
    Effect.all({
      options: Options,
      router: Router,
      modal: Modal,
      connection: Connection,
      connectors: Connectors,
      account: Account,
      accountData: AccountData,
      network: Network,
      send: Send,
      transactions: Transactions,
      toast: Toast,
      names: Names,
      siwx: Siwx,
      pairing: Pairing,
    }),
  )
  if (Exit.isFailure(built)) {
    void runtime.dispose()
    // The usual cause: a storage, siwx or api layer that needs async work to build (getState must work at once).
    throw new InvalidAppKitOptionsError({
      issue: `the services could not be built synchronously (${String(Cause.squash(built.cause))})`,
    })
  }
  const services = built.value
  const refs = {
    options: services.options.state,
    router: services.router.state,
    modal: services.modal.state,
    connection: services.connection.state,
    connectors: services.connectors.state,
    account: services.account.state,
    network: services.network.state,
    send: services.send.state,
    transactions: services.transactions.state,
    toast: services.toast.state,
    names: services.names.state,
    siwx: services.siwx.state,
    pairing: services.pairing.state,
  } as const
  const keys = Object.keys(refs) as ReadonlyArray<keyof AppKitState>

  const read = (): AppKitState =>
    Object.fromEntries(
      keys.map((key) => [
        key,
        SubscriptionRef.getUnsafe(refs[key] as SubscriptionRef.SubscriptionRef<unknown>),
      ]),
    ) as unknown as AppKitState
  let snapshot = read()
  const getState = (): AppKitState => {
    const next = read()
    if (keys.some((key) => next[key] !== snapshot[key])) snapshot = next
    return snapshot
  }

  const listeners = new Set<(state: AppKitState) => void>()
  let notified = snapshot
  const notify = () => {
    const state = getState()
    if (state === notified) return
    notified = state
    for (const listener of listeners) {
      // A throwing subscriber must neither stop the others, nor end the change stream, nor fail the action.
      try {
        listener(state)
      } catch (error) {
        runtime.runFork(Effect.logError("An AppKit subscriber threw", error))
      }
    }
  }
  runtime.runFork(
    Stream.mergeAll(
      keys.map((key) => SubscriptionRef.changes(refs[key] as SubscriptionRef.SubscriptionRef<unknown>)),
      { concurrency: "unbounded" },
    ).pipe(Stream.runForEach(() => Effect.sync(notify))),
  )

  /** Runs an action; rejects with the tagged error itself (not a wrapper) and notifies subscribers after. */
  const run = <A, E>(effect: Effect.Effect<A, E, Services>): Promise<A> =>
    runtime.runPromiseExit(effect).then((exit) => {
      notify()
      if (Exit.isSuccess(exit)) return exit.value
      throw Cause.squash(exit.cause)
    })

  // The state is already restored from storage; this brings the wallets behind it back (status "connecting" meanwhile).
  // Nobody has to await `ready`: a defect is logged, and a dispose() that interrupts it just settles it.
  const ready: Promise<void> =
    input.reconnect === false
      ? Promise.resolve()
      : runtime
          .runPromiseExit(
            Effect.catchCause(services.connection.reconnect, (cause) =>
              Effect.logError("Reconnecting the stored connections failed", cause),
            ),
          )
          .then(notify)

  return {
    /**
     * Settles once the stored connections are reconnected or dropped (a silent wallet is dropped after 10 s;
     * at once with `reconnect: false`). Never rejects.
     */
    ready,
    getState,
    subscribe: (listener: (state: AppKitState) => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    open: (options?: { readonly view?: View }) => run(services.modal.open(options)),
    /** Resolves to false when closing is refused (ApproveTransaction, or sign-in required). */
    close: (options?: { readonly force?: boolean }) => run(services.modal.close(options)),
    toggle: () => run(services.modal.toggle),
    goBack: () => run(services.modal.back),
    push: (view: View) => run(services.router.push(view)),
    replace: (view: View) => run(services.router.replace(view)),
    reset: (view: View) => run(services.router.reset(view)),
    pushTransaction: (action: TransactionAction) => run(services.router.pushTransaction(action)),
    finishTransaction: (result: "success" | "cancel") => run(services.modal.finishTransaction(result)),
    connect: (connectorId: string) => run(services.connection.connect(connectorId)),
    /** Reconnects stored connections not connected in this instance (createAppKit already does it on creation). */
    reconnect: () => run(services.connection.reconnect),
    disconnect: (namespace?: ChainNamespace) => run(services.connection.disconnect(namespace)),
    switchNetwork: (caipNetworkId: string) => run(services.connection.switchNetwork(caipNetworkId)),
    signMessage: (namespace: ChainNamespace, message: string) =>
      run(services.connection.signMessage(namespace, message)),
    registerConnectors: (connectors: ReadonlyArray<Connector>) =>
      run(services.connectors.register(connectors)),
    setWallets: (
      wallets: Partial<Pick<ConnectorsState, "featuredWallets" | "customWallets" | "listedWallets">>,
    ) => run(services.connectors.setWallets(wallets)),
    addRecentWallet: (wallet: RecentWallet) => run(services.connectors.addRecentWallet(wallet)),
    connectMethods: () => run(services.connectors.connectMethods),
    socials: () => run(services.connectors.socials),
    setAccountTab: (tab: AccountTab) => run(services.account.setCurrentTab(tab)),
    /**
     * Loads balances of the namespace's account (the active namespace by default), through the §9 storage
     * caches; the native balance then comes from the network's node when it has `rpcUrls`.
     */
    refreshBalance: (namespace?: ChainNamespace) =>
      run(
        Effect.flatMap(SubscriptionRef.get(services.network.state), (n) =>
          Effect.andThen(
            services.accountData.refreshBalance(namespace ?? n.activeNamespace),
            refreshNodeBalance,
          ),
        ),
      ),
    refreshIdentity: () => run(services.accountData.refreshIdentity),
    setPreferredAccountType: <N extends keyof PreferredAccountTypes>(
      namespace: N,
      kind: NonNullable<PreferredAccountTypes[N]>,
    ) => run(services.account.setPreferredAccountType(namespace, kind)),
    updateSend: (patch: SendPatch) => run(services.send.update(patch)),
    resetSend: () => run(services.send.reset),
    validateSend: (): Promise<ValidSend> =>
      run(
        Effect.flatMap(SubscriptionRef.get(services.network.state), (n) =>
          services.send.validate(n.activeNamespace),
        ),
      ),
    /** Sends what the send form holds through the connected wallet and waits for the receipt (§9: 25 s). */
    submitSend: () => run(submitSend),
    /** The §8 alert the project's configuration calls for (checked with the Wallet API), if any. */
    checkProjectConfig: () => run(checkProject),
    /** One page of the wallet directory (§9: 40 a page, 100 when searching). */
    fetchWallets: (params: WalletPageRequest) => run(walletDirectory.page(params)),
    /** The URL of a directory wallet's image (the Wallet API's, with the SDK parameters). */
    walletImageUrl: (imageId: string) => runtime.runSync(walletDirectory.imageUrl(imageId)),
    /** Sends an EIP-1193 request to the namespace's connected wallet (the RPC allowlist applies). */
    walletRequest: (
      namespace: ChainNamespace,
      request: { readonly method: string; readonly params?: unknown },
    ) =>
      run(
        Effect.gen(function* () {
          const connection = (yield* SubscriptionRef.get(services.connection.state)).connections[namespace]
          if (connection === undefined) return yield* new ConnectionError({ reason: "connectorNotConnected" })
          const connector = yield* services.connectors.get(connection.connectorId)
          return yield* connector.request(request)
        }),
      ),
    showToast: (toast: ToastInput) => run(services.toast.show(toast)),
    hideToast: () => run(services.toast.hide),
    signIn: () => run(services.siwx.requestSignMessage),
    cancelSignIn: () => run(services.siwx.cancel),
    registerName: (name: string) => run(services.names.register(name)),
    fetchTransactions: () =>
      run(
        Effect.gen(function* () {
          const { activeNamespace } = yield* SubscriptionRef.get(services.network.state)
          const account = (yield* SubscriptionRef.get(services.account.state)).byNamespace[activeNamespace]
          yield* services.transactions.fetchNext(account?.address)
        }),
      ),
    setFeatures: (features: Partial<Features>) => run(services.options.setFeatures(features)),
    /** Stops every fiber and releases the services. */
    dispose: () => runtime.dispose(),
  }
}

export type AppKit = ReturnType<typeof createAppKit>
