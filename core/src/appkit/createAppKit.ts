import { Cause, Effect, Exit, Layer, ManagedRuntime, Stream, SubscriptionRef } from "effect"
import type { AnalyticsOptions } from "../api/analytics/Analytics"
import { EvmTransports } from "../chains/evm/transports"
import { SolanaSupport } from "../chains/SolanaSupport"
import type { InvalidAppKitOptionsError } from "../errors/options"
import { ClientId } from "../http/ClientId"
import { generateSiweNonce } from "../siwx/nonce"
import type { SiwxClient } from "../siwx/SiwxClient"
import type { SiwxConfig } from "../siwx/siwxClientLayer"
import { Account } from "../state/Account"
import { AccountData } from "../state/AccountData"
import { Alert } from "../state/Alert"
import { Connection } from "../state/Connection"
import { Connectors } from "../state/Connectors"
import { EmbeddedAuth } from "../state/EmbeddedAuth"
import { stateLayer } from "../state/layer"
import { Modal } from "../state/Modal"
import { Names } from "../state/Names"
import { Network } from "../state/Network"
import { type AppKitOptions, Options } from "../state/Options"
import { Pairing } from "../state/Pairing"
import { Router } from "../state/Router"
import { RestoredState } from "../state/restoredState"
import { Send } from "../state/Send"
import { Siwx } from "../state/Siwx"
import { Swap } from "../state/Swap"
import { Toast } from "../state/Toast"
import { Transactions } from "../state/Transactions"
import { walletDirectory } from "../state/walletDirectory"
import { whenPageIdle } from "../state/whenPageIdle"
import { Storage } from "../storage/Storage"
import type { AppKit, AppKitState } from "./AppKit"
import type { SendTransactionParameters } from "./actions/sendTransaction"
import type { writeContract } from "./actions/writeContract"
import { afterFirstPaint } from "./afterFirstPaint"
import { cardProviderLayer } from "./cardProviderLayer"
import { embeddedActions } from "./embeddedActions"
import { embeddedAuthLayer } from "./embeddedWallet"
import { injectedWalletsLayer } from "./injectedWallets"
import { lazyApis, lazySiwxClient } from "./lazyServices"
import { type AppKitRuntime, type CreateAppKitParameters, decodeParameters, networkIdOf } from "./options"
import { withNetworkRpcUrls } from "./siwxRpcUrls"
import { solanaWalletsLayer } from "./solanaWallets"
import { notBuiltSynchronously, type StartState, startState } from "./startState"
import { makeStore, type Store } from "./store"
import { walletConnectLayer as lazyWalletConnectLayer } from "./walletConnectLayer"

const defaultMetadata = { name: "AppKit", description: "", url: "", icons: [] }

/** The sign-in setup when `siwx` is one (rather than a ready SiwxClient layer). */
const siwxConfigOf = (siwx: AppKitRuntime["siwx"], options: AppKitOptions): SiwxConfig | undefined =>
  siwx === undefined || Layer.isLayer(siwx) ? undefined : withNetworkRpcUrls(siwx as SiwxConfig, options)

/** Sign-in: the client over the session store, the dApp's own SiwxClient layer, or nothing. */
const siwxLayer = (
  siwx: AppKitRuntime["siwx"],
  options: AppKitOptions,
): Layer.Layer<SiwxClient, never, Storage> | Layer.Layer<never> => {
  const config = siwxConfigOf(siwx, options)
  if (config !== undefined) return lazySiwxClient(config)
  return siwx === undefined ? Layer.empty : (siwx as Layer.Layer<SiwxClient, never, Storage>)
}

/**
 * The WalletConnect connector of `options.walletConnect`, for every configured network, registered with the
 * others. Building it loads none of its code (that waits for its first use). With the eip155 sign-in setup it
 * asks for one-click sign-in, which the connector uses only when every network is eip155 (§5).
 */
const walletConnectLayer = (options: AppKitOptions, siwx: SiwxConfig | undefined) => {
  const walletConnect = options.walletConnect
  if (walletConnect === undefined) return Layer.empty
  return lazyWalletConnectLayer(
    () => ({
      projectId: options.projectId,
      chains: options.networks.map((network) => network.caipNetworkId),
      metadata: walletConnect.metadata ?? options.metadata ?? defaultMetadata,
      relayUrl: walletConnect.relayUrl,
      ...(siwx && {
        authentication: {
          domain: siwx.domain,
          uri: siwx.uri,
          nonce: generateSiweNonce,
          ...(siwx.statement === undefined ? {} : { statement: siwx.statement }),
        },
      }),
    }),
    options.networks[0]?.chainNamespace ?? "eip155",
  )
}

/**
 * Where analytics events come from (core has no window): the dApp's metadata URL. Analytics stays off until
 * the start-up switches it on, and without a URL it never does.
 */
const analyticsPageOf = (options: AppKitOptions): AnalyticsOptions => {
  const url = options.metadata?.url ?? ""
  const domain = URL.canParse(url) ? new URL(url).host : ""
  return { enabled: false, url, domain }
}

/** The embedded wallet of `options.secureSiteUrl`, introduced to its frame by the dApp's name. */
const embeddedConfig = (options: AppKitOptions, runtime: AppKitRuntime) =>
  options.secureSiteUrl === undefined
    ? undefined
    : {
        secureSiteUrl: options.secureSiteUrl,
        dappName: (options.metadata ?? defaultMetadata).name,
        dappUrl: options.metadata?.url || undefined,
        frameHost: runtime.embeddedFrameHost,
      }

/** Every service of one instance, over one Storage shared by the state, the sign-in sessions and WalletConnect. */
const appKitLayer = (options: AppKitOptions, runtime: AppKitRuntime, start: StartState) => {
  const api =
    runtime.api ??
    (options.apiUrl === undefined
      ? Layer.empty
      : lazyApis(options.apiUrl, options.projectId, analyticsPageOf(options)))
  return embeddedAuthLayer(embeddedConfig(options, runtime)).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        walletConnectLayer(options, siwxConfigOf(runtime.siwx, options)),
        solanaWalletsLayer(options, runtime.solanaAdapter, runtime.walletStandardTarget),
        injectedWalletsLayer(options, runtime.eip6963Target),
        cardProviderLayer(options, runtime.cardProvider),
      ),
    ),
    Layer.provideMerge(stateLayer({ options, connectors: runtime.connectors })),
    Layer.provide(Layer.provideMerge(siwxLayer(runtime.siwx, options), Layer.succeedContext(start.storage))),
    // Each state service starts from the state getState showed before the build: the same objects.
    Layer.provide(Layer.succeed(RestoredState, start.slices)),
    // Merged, not only provided: the wallet directory and the project check ask for the WalletApi at run time.
    Layer.provideMerge(api),
    Layer.provideMerge(Layer.succeed(EvmTransports, runtime.transports ?? {})),
    Layer.provideMerge(
      runtime.solanaAdapter === undefined
        ? Layer.empty
        : Layer.succeed(SolanaSupport, { load: runtime.solanaAdapter }),
    ),
    // One per instance: WalletConnect writes its client id, the APIs send it.
    Layer.provideMerge(ClientId.layer),
  )
}

type AppKitServices = Layer.Success<ReturnType<typeof appKitLayer>>

/**
 * An action whose code is imported on its first call: an app that never sends, swaps or signs never downloads
 * those flows (nor their errors and the wallet clients behind them).
 */
const onCall = <M, A, E, R>(load: () => Promise<M>, action: (module: M) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.promise(load), action)
const actions = () => import("./onFirstUse")

const services = Effect.all({
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
  alert: Alert,
  names: Names,
  swap: Swap,
  siwx: Siwx,
  pairing: Pairing,
  embedded: EmbeddedAuth,
})
type Services = Effect.Success<typeof services>

/** The SubscriptionRef behind each part of AppKitState. */
const stateRefs = (
  s: Services,
): { readonly [K in keyof AppKitState]: SubscriptionRef.SubscriptionRef<AppKitState[K]> } => ({
  options: s.options.state,
  router: s.router.state,
  modal: s.modal.state,
  connection: s.connection.state,
  connectors: s.connectors.state,
  account: s.account.state,
  network: s.network.state,
  send: s.send.state,
  transactions: s.transactions.state,
  toast: s.toast.state,
  alert: s.alert.state,
  names: s.names.state,
  swap: s.swap.state,
  siwx: s.siwx.state,
  pairing: s.pairing.state,
  embedded: s.embedded.state,
})

/** The active namespace's account address (for the actions that default to it). */
const activeAddress = (s: Services) =>
  Effect.gen(function* () {
    const { activeNamespace } = yield* SubscriptionRef.get(s.network.state)
    return {
      namespace: activeNamespace,
      account: (yield* SubscriptionRef.get(s.account.state)).byNamespace[activeNamespace],
    }
  })

/**
 * The Promise + subscribe facade for apps that do not use Effect. Each call builds its own services:
 * instances are independent. Throws InvalidAppKitOptionsError naming every wrong option.
 *
 * Only the options and the stored state are read before it returns (getState is right at once: a stored
 * session shows as connected); the services are built after the page's first paint (afterFirstPaint), so a
 * first render never waits on them. Actions called before that wait for it; so does `ready`.
 */
export const createAppKit = (parameters: CreateAppKitParameters): AppKit => {
  const { options, runtime } = decodeParameters(parameters)
  const startInput = {
    options,
    connectors: runtime.connectors,
    embeddedAvailable: embeddedConfig(options, runtime) !== undefined,
    reconnecting: runtime.reconnect !== false,
  }
  const start = startState(runtime.storage ?? Storage.memory, startInput)
  const managed = ManagedRuntime.make(appKitLayer(options, runtime, start))
  // Outside the instance's runtime: a log must not build the services.
  const logError = (message: string, cause: unknown) => void Effect.runFork(Effect.logError(message, cause))

  let built: Exit.Exit<Services, InvalidAppKitOptionsError> | undefined
  let disposed = false
  let watched = false
  const refs = () => (built !== undefined && Exit.isSuccess(built) ? stateRefs(built.value) : undefined)
  const keys = Object.keys(start.state) as ReadonlyArray<keyof AppKitState>
  // Changes no action made (a wallet event, a timer) reach subscribers too, from the first one on (once the
  // services exist): each feed starts with its current value, so a change made before it is noticed at once.
  const watch = () => {
    const current = refs()
    if (!watched || current === undefined) return
    managed.runFork(
      Stream.mergeAll(
        keys.map((key) => SubscriptionRef.changes(current[key] as SubscriptionRef.SubscriptionRef<unknown>)),
        { concurrency: "unbounded" },
      ).pipe(Stream.runForEach(() => Effect.sync(store.notify))),
    )
  }
  const store: Store<AppKitState> = makeStore(
    () => {
      const current = refs()
      if (current === undefined) return start.state
      return Object.fromEntries(
        keys.map((key) => [
          key,
          SubscriptionRef.getUnsafe(current[key] as SubscriptionRef.SubscriptionRef<unknown>),
        ]),
      ) as unknown as AppKitState
    },
    (error) => logError("An AppKit subscriber threw", error),
    () => {
      watched = true
      watch()
    },
  )

  /**
   * Builds the services (synchronously: all layers are), once. A layer that needs async work (a custom siwx or
   * api layer) fails the build: that error is logged, and every action rejects with it.
   */
  const build = (): Exit.Exit<Services, InvalidAppKitOptionsError> => {
    if (built !== undefined) return built
    const exit = managed.runSyncExit(services)
    if (Exit.isSuccess(exit)) {
      built = exit
      watch()
      store.notify()
      return built
    }
    const error = notBuiltSynchronously(exit.cause)
    built = Exit.fail(error)
    logError("AppKit could not start", error)
    void managed.dispose()
    return built
  }
  const whenBuilt = new Promise<void>((resolve) =>
    afterFirstPaint(() => {
      if (!disposed) build()
      resolve()
    }),
  )

  /**
   * Runs an action once the services exist; rejects with the tagged error itself (not a wrapper) and notifies
   * subscribers after. After dispose() it rejects as the disposed runtime does.
   */
  const run = <A, E>(action: (s: Services) => Effect.Effect<A, E, AppKitServices>): Promise<A> =>
    whenBuilt
      .then(() => {
        if (built !== undefined && Exit.isFailure(built)) throw Cause.squash(built.cause)
        return managed.runPromiseExit(Effect.flatMap(services, action))
      })
      .then((exit) => {
        store.notify()
        if (Exit.isSuccess(exit)) return exit.value
        throw Cause.squash(exit.cause)
      })
  /** For what never rejects (`ready`): a failed build was logged already. */
  const runQuietly = (action: (s: Services) => Effect.Effect<void, never, AppKitServices>) =>
    run(action).catch(() => undefined)

  // The state is already restored from storage; this brings the wallets behind it back (status "connecting" meanwhile).
  // Nobody has to await `ready`: a defect is logged, and a dispose() that interrupts it just settles it.
  const reconnected: Promise<void> =
    runtime.reconnect === false
      ? Promise.resolve()
      : runQuietly((s) =>
          Effect.catchCause(s.connection.reconnect, (cause) =>
            Effect.logError("Reconnecting the stored connections failed", cause),
          ),
        )
  /** A Wallet API to ask (the project check, the remote configuration, analytics): the dApp's layer or `apiUrl`. */
  const hasApi = runtime.api !== undefined || options.apiUrl !== undefined
  // The project's remote features and analytics switch; the analytics events (sent once analytics is on).
  // Its code loads first (analytics stays off until it has run, so no event is lost meanwhile); without an API
  // there is neither a remote config nor analytics, so nothing loads. In a page it waits until the first paint
  // is done: the connect button must not wait on that chunk's download and evaluation.
  const configure = () =>
    runQuietly(() =>
      Effect.catchCause(
        onCall(actions, ({ startUp }) => {
          startUp.trackEvents(store, (effect) => managed.runFork(effect))
          return startUp.configure(analyticsPageOf(options).url !== "")
        }),
        (cause) => Effect.logError("Applying the project's remote configuration failed", cause),
      ),
    )
  const configured: Promise<void> = hasApi
    ? whenPageIdle().then(() => (disposed ? undefined : configure()))
    : Promise.resolve()
  const ready = Promise.all([reconnected, configured]).then(() => undefined)
  // What a server without the page's storage renders: computed once, when a hydrating render first asks.
  let serverState: AppKitState | undefined
  const getServerState = (): AppKitState => {
    if (runtime.ssr !== true) return store.getState()
    if (serverState === undefined) {
      const fresh = startState(Storage.memory, { ...startInput, reconnecting: false })
      void fresh.close()
      serverState = fresh.state
    }
    return serverState
  }

  return {
    ready,
    getState: store.getState,
    getServerState,
    subscribe: store.subscribe,
    open: (openOptions) => run((s) => s.modal.open(openOptions)),
    close: (closeOptions) => run((s) => s.modal.close(closeOptions)),
    toggle: () => run((s) => s.modal.toggle),
    goBack: () => run((s) => s.modal.back),
    push: (view) => run((s) => s.router.push(view)),
    replace: (view) => run((s) => s.router.replace(view)),
    reset: (view) => run((s) => s.router.reset(view)),
    pushTransaction: (action) => run((s) => s.router.pushTransaction(action)),
    finishTransaction: (result) => run((s) => s.modal.finishTransaction(result)),
    connect: (connectorId) => run((s) => s.connection.connect(connectorId)),
    reconnect: () => run((s) => s.connection.reconnect),
    disconnect: (namespace) => run((s) => s.connection.disconnect(namespace)),
    switchNetwork: (network) =>
      run((s) => s.connection.switchNetwork(typeof network === "string" ? network : networkIdOf(network))),
    signMessage: (signParameters) =>
      run(() => onCall(actions, ({ signMessage }) => signMessage(signParameters))),
    getBalance: (balanceParameters) =>
      run(() => onCall(actions, ({ getBalance }) => getBalance(balanceParameters))),
    // (a numeric chainId is an eip155 chain, whose answer is a 0x hash)
    sendTransaction: ((transaction: SendTransactionParameters) =>
      run(() =>
        onCall(actions, ({ sendTransaction }) => sendTransaction(transaction)),
      )) as AppKit["sendTransaction"],
    writeContract: (call) =>
      run(() =>
        onCall(actions, ({ writeContract }) => writeContract(call as Parameters<typeof writeContract>[0])),
      ),
    registerConnectors: (connectors) => run((s) => s.connectors.register(connectors)),
    setWallets: (wallets) => run((s) => s.connectors.setWallets(wallets)),
    addRecentWallet: (wallet) => run((s) => s.connectors.addRecentWallet(wallet)),
    connectMethods: () => run((s) => s.connectors.connectMethods),
    socials: () => run((s) => s.connectors.socials),
    embedded: embeddedActions((action) => run((s) => action(s.embedded))),
    setAccountTab: (tab) => run((s) => s.account.setCurrentTab(tab)),
    refreshBalance: (namespace) =>
      run((s) =>
        Effect.flatMap(SubscriptionRef.get(s.network.state), (n) =>
          Effect.andThen(
            s.accountData.refreshBalance(namespace ?? n.activeNamespace),
            onCall(actions, ({ refreshNodeBalance }) => refreshNodeBalance),
          ),
        ),
      ),
    refreshIdentity: () => run((s) => s.accountData.refreshIdentity),
    setPreferredAccountType: (namespace, kind) =>
      run((s) => s.account.setPreferredAccountType(namespace, kind)),
    updateSend: (patch) => run((s) => s.send.update(patch)),
    resetSend: () => run((s) => s.send.reset),
    validateSend: () =>
      run((s) =>
        Effect.flatMap(SubscriptionRef.get(s.network.state), (n) => s.send.validate(n.activeNamespace)),
      ),
    submitSend: () => run(() => onCall(actions, ({ submitSend }) => submitSend)),
    setSendMax: () => run(() => onCall(actions, ({ setSendMax }) => setSendMax)),
    resolveReceiver: (receiver) =>
      run(() => onCall(actions, ({ resolveReceiver }) => resolveReceiver(receiver))),
    swapTokens: () => run(() => onCall(actions, ({ swapTokenChoices }) => swapTokenChoices)),
    quoteSwap: (parameters) => run(() => onCall(actions, ({ quoteSwap }) => quoteSwap(parameters))),
    executeSwap: () => run(() => onCall(actions, ({ executeSwap }) => executeSwap)),
    swapMax: (parameters) => run(() => onCall(actions, ({ swapMax }) => swapMax(parameters))),
    prepareOnramp: (parameters) =>
      run(() => onCall(actions, ({ prepareOnramp }) => prepareOnramp(parameters))),
    // Without an API there is nothing to check: no code to load for it.
    checkProjectConfig: (origin) =>
      run((s) =>
        hasApi
          ? onCall(actions, ({ checkProject }) =>
              Effect.tap(checkProject(origin), (key) =>
                key === undefined ? Effect.void : s.alert.raise(key),
              ),
            )
          : Effect.succeed(undefined),
      ),
    dismissAlert: () => run((s) => s.alert.dismiss),
    fetchWallets: (request) => run(() => walletDirectory.page(request)),
    // Synchronous: the services are built now if they are not yet.
    walletImageUrl: (imageId) => {
      const exit = build()
      if (Exit.isFailure(exit)) throw Cause.squash(exit.cause)
      return managed.runSync(walletDirectory.imageUrl(imageId))
    },
    walletRequest: (namespace, request) =>
      run((s) =>
        Effect.flatMap(s.connection.walletOf(namespace), ({ connector }) => connector.request(request)),
      ),
    showToast: (toast) => run((s) => s.toast.show(toast)),
    hideToast: () => run((s) => s.toast.hide),
    signIn: () => run((s) => s.siwx.requestSignMessage),
    cancelSignIn: () => run((s) => s.siwx.cancel),
    registerName: (name) => run((s) => s.names.register(name)),
    fetchTransactions: () =>
      run((s) =>
        Effect.flatMap(activeAddress(s), ({ account }) => s.transactions.fetchNext(account?.address)),
      ),
    setFeatures: (features) => run((s) => s.options.setFeatures(features)),
    dispose: () => {
      disposed = true
      return managed.dispose().then(start.close)
    },
  }
}
