import type SignClient from "@walletconnect/sign-client"
import { Clock, Duration, Effect, Option, PubSub, Ref, type Scope, Stream } from "effect"
import { Timings } from "../../config/constants"
import type { AccountTypeObject } from "../../domain/account"
import {
  type CaipAccountId,
  type CaipNetworkId,
  decodeCaipNetworkId,
  networkOfAccount,
} from "../../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../../domain/namespace"
import { ConnectionError } from "../../errors/connection"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { RpcErrorCode } from "../../errors/rpcCodes"
import type { WalletRequestTimeout } from "../../errors/wallet"
import { ClientId } from "../../http/ClientId"
import type { RpcPolicyError } from "../../rpc/checkRpcRequest"
import { Storage } from "../../storage/Storage"
import type { Connection, Connector, ConnectorEvent, RpcRequest } from "../Connector"
import { boundWalletRequest, defaultWalletRequestTimeout } from "../walletRequestBound"
import { proposalRefusal, toWalletError, unavailable, WalletConnectError } from "./errors"
import { walletConnectIdentity } from "./identity"
import {
  accountsOfEvent,
  accountTypeObjects,
  namespaceMethods,
  namespaceOfMethod,
  proposalNamespaces,
  usesPairingAuthentication,
} from "./namespaces"
import { makeRelaySupervisor, type RelaySupervisor } from "./relayReconnect"
import { takeQueuedEvents } from "./relaySync"
import { checkWalletConnectRequest } from "./requestPolicy"
import {
  type ActiveSession,
  type Authentications,
  accountsOf,
  chainOfSession,
  invalidAccountsOf,
  mutableNamespaces,
  type Session,
  signInsOf,
} from "./session"
import { closeSignClient, startSignClient, withinRelayTimeout } from "./signClient"

export type { Authentications } from "./session"
export { relayTimeout } from "./signClient"

export interface WalletConnectOptions {
  readonly projectId: string
  /** CAIP-2 ids of every network the dApp is configured for; all are requested from the wallet. */
  readonly chains: ReadonlyArray<string>
  readonly metadata: {
    readonly name: string
    readonly description: string
    readonly url: string
    readonly icons: ReadonlyArray<string>
  }
  /** Default: WalletConnect's public relay. Tests and `appkit-cli dev` pass the local one. */
  readonly relayUrl?: string | undefined
  /** Keeps two clients in one process (or one storage) apart. */
  readonly storagePrefix?: string | undefined
  /**
   * Sign-in with the pairing (one-click SIWE); applied only when every requested chain is eip155 (§5). `nonce`
   * gives a fresh one for each pairing: a CACAO signed for another request's nonce (a replay) is refused.
   */
  readonly authentication?:
    | {
        readonly domain: string
        readonly uri: string
        readonly nonce: () => string
        readonly statement?: string
      }
    | undefined
  /** How long the wallet may take to answer one request, in seconds (sign-client allows 300 to 604800). */
  readonly requestExpirySeconds?: number | undefined
  /** The dApp's own bound on one request (default 5 minutes): a wallet that died cannot answer at all. */
  readonly requestTimeout?: Duration.Input | undefined
}

/** The session as the dApp side sees it, for callers that keep their own record (the CLI). */
export interface WalletConnectSession {
  readonly topic: string
  readonly accounts: ReadonlyArray<CaipAccountId>
  readonly chainId: CaipNetworkId
  /** Unix seconds. */
  readonly expiry: number
  readonly walletName: string
  /** §3 account type objects of every approved namespace. */
  readonly allAccounts: ReadonlyArray<AccountTypeObject>
  /** The methods the wallet approved, per namespace (a bip122 session may approve fewer than asked). */
  readonly methods: Readonly<Record<string, ReadonlyArray<string>>>
}

export type WalletConnectConnectorError =
  | WalletConnectError
  | ProviderRpcError
  | ConnectionError
  | RpcPolicyError
  | WalletRequestTimeout

export interface WalletConnectConnector extends Connector<WalletConnectConnectorError> {
  /** What the wallet signed during a pairing-based sign-in of this run (empty otherwise). */
  readonly authentications: Effect.Effect<Authentications>
  /** Adopts a session stored by an earlier run, without pairing; none when there is no live one. */
  readonly restore: Effect.Effect<Option.Option<Connection>, WalletConnectError>
  /**
   * Takes the relay's queued events for the stored sessions (the wallet may have updated or ended one while
   * no process ran), within a bound; call before `restore`. False when the relay could not be reached.
   */
  readonly sync: Effect.Effect<boolean, WalletConnectError>
  /**
   * The topics of the sessions this client's storage holds, as stored (call before `sync`): a session the
   * storage never held (a fresh one) is missing here, which tells it apart from one the wallet ended.
   */
  readonly storedTopics: Effect.Effect<ReadonlyArray<string>, WalletConnectError>
  readonly session: Effect.Effect<Option.Option<WalletConnectSession>>
}

/** What every operation of one connector shares: its options, its sign-client, its session and its events. */
interface Context {
  readonly options: WalletConnectOptions
  /** The configured networks, decoded. */
  readonly chains: ReadonlyArray<CaipNetworkId>
  /** sign-client, started on first use. */
  readonly client: Effect.Effect<SignClient, WalletConnectError>
  /** The §9 reconnect rule over sign-client's relay socket. */
  readonly relay: RelaySupervisor
  readonly current: Ref.Ref<Option.Option<ActiveSession>>
  /** What the wallet signed in the pairing of this run (one-click sign-in). */
  readonly authenticated: Ref.Ref<Authentications>
  readonly emit: (event: ConnectorEvent) => void
}

const activeNow = (context: Context) => Option.getOrUndefined(Effect.runSync(Ref.get(context.current)))

/** The session ended (deleted or expired by the wallet or the relay): forgotten, and reported once. */
const forget = (context: Context, topic: string) => {
  const ended = Effect.runSync(
    Ref.modify(context.current, (state) =>
      Option.isSome(state) && state.value.session.topic === topic ? [true, Option.none()] : [false, state],
    ),
  )
  if (ended) context.emit({ _tag: "disconnect" })
}

/** The wallet changed the session's accounts (another account picked, a chain added): adopt them. */
const onSessionUpdate = (context: Context, topic: string, namespaces: Session["namespaces"]) => {
  const state = activeNow(context)
  if (state?.session.topic !== topic) return
  const session = { ...state.session, namespaces }
  const accounts = accountsOf(session)
  const chainId = chainOfSession(accounts, state.chainId) ?? state.chainId
  Effect.runSync(Ref.set(context.current, Option.some({ session, chainId })))
  context.emit({
    _tag: "accountsChanged",
    accounts,
    allAccounts: accountTypeObjects(accounts),
    approvedCaipNetworkIds: chainsOf(accounts),
  })
  if (chainId !== state.chainId) context.emit({ _tag: "chainChanged", chainId })
}

/** A wallet event on the session: accounts and chain changes are decoded, anything else passed on as a message. */
const onSessionEvent = (
  context: Context,
  topic: string,
  chain: string,
  event: { readonly name: string; readonly data: unknown },
) => {
  if (activeNow(context)?.session.topic !== topic) return
  const chainId = Option.getOrUndefined(decodeCaipNetworkId(chain))
  if (chainId === undefined) return
  if (event.name === "accountsChanged" && Array.isArray(event.data)) {
    const reported = accountsOfEvent(chainId, event.data)
    // Nothing readable in it is no news (an empty list would read as every account gone); the event speaks
    // for its namespace only, so the session's accounts on its other namespaces stay.
    if (reported.length === 0 && event.data.length > 0) return
    const state = activeNow(context)
    const namespace = chainNamespaceOf(chainId)
    const elsewhere = state
      ? accountsOf(state.session).filter((account) => chainNamespaceOf(account) !== namespace)
      : []
    const accounts = [...elsewhere, ...reported]
    context.emit({ _tag: "accountsChanged", accounts, allAccounts: accountTypeObjects(accounts) })
  } else if (event.name === "chainChanged") {
    // The wallet moved: requests go there from now on (the modal decides whether the dApp can stay).
    const moved = Effect.runSync(
      Ref.modify(context.current, (state) =>
        Option.isSome(state) && state.value.chainId !== chainId
          ? [true, Option.some({ ...state.value, chainId })]
          : [false, state],
      ),
    )
    if (moved) context.emit({ _tag: "chainChanged", chainId })
  } else context.emit({ _tag: "message", type: event.name, data: event.data })
}

const listen = (context: Context, signClient: SignClient) => {
  signClient.on("session_delete", ({ topic }) => forget(context, topic))
  signClient.on("session_expire", ({ topic }) => forget(context, topic))
  signClient.on("session_update", ({ topic, params }) => onSessionUpdate(context, topic, params.namespaces))
  signClient.on("session_event", ({ topic, params }) =>
    onSessionEvent(context, topic, params.chainId, params.event),
  )
}

/** Makes `session` the connector's session, on `preferred` when the wallet approved an account there. */
/** The session's chains: the networks the wallet serves in it. */
const chainsOf = (accounts: ReadonlyArray<CaipAccountId>) => [...new Set(accounts.map(networkOfAccount))]

const adopt = Effect.fn("WalletConnect.adopt")(function* (
  context: Context,
  session: Session,
  preferred: CaipNetworkId | undefined,
) {
  const accounts = accountsOf(session)
  const chainId = chainOfSession(accounts, preferred) ?? context.chains[0]
  if (chainId === undefined) return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
  yield* Ref.set(context.current, Option.some({ session, chainId }))
  return {
    accounts,
    chainId,
    allAccounts: accountTypeObjects(accounts),
    approvedCaipNetworkIds: chainsOf(accounts),
  } satisfies Connection
})

const liveSession = (signClient: SignClient) =>
  Effect.map(Clock.currentTimeMillis, (now) =>
    Option.fromNullishOr(
      signClient.session
        .getAll()
        .find((session) => session.expiry * 1000 > now && accountsOf(session).length > 0),
    ),
  )

const restore = Effect.fn("WalletConnect.restore")(function* (context: Context) {
  const signClient = yield* context.client
  const session = yield* liveSession(signClient)
  if (Option.isNone(session)) return Option.none<Connection>()
  return Option.some(yield* Effect.orDie(adopt(context, session.value, undefined)))
})

/**
 * Starts a pairing: a plain session proposal, or — when sign-in is configured and every requested chain
 * is eip155 (§5) — a session authenticate request, so one approval in the wallet connects and signs in.
 */
const propose = (context: Context, signClient: SignClient) => {
  const authentication = context.options.authentication
  if (authentication === undefined || !usesPairingAuthentication(context.chains))
    return Effect.tryPromise({
      try: () =>
        signClient.connect({ optionalNamespaces: mutableNamespaces(proposalNamespaces(context.chains)) }),
      catch: unavailable,
    })
  return Effect.tryPromise({
    try: () =>
      signClient.authenticate({
        ...authentication,
        // sign-client refuses a CACAO of another nonce, so a fresh one per pairing refuses a replayed sign-in.
        nonce: authentication.nonce(),
        chains: [...context.chains],
        methods: [...namespaceMethods.eip155],
      }),
    catch: unavailable,
  }).pipe(
    Effect.map(({ uri, response }) => ({
      uri,
      approval: async () => {
        const { session, auths } = await response()
        if (session === undefined) throw new Error("the wallet signed in without a session")
        await Effect.runPromise(Ref.set(context.authenticated, auths ?? []))
        return session
      },
    })),
  )
}

/** Waits for the wallet's approval until the pairing counts as expired (§4: 10 s before its 4 minutes). */
const awaitApproval = (approval: () => Promise<Session>, createdAt: number) =>
  Effect.raceFirst(
    Effect.tryPromise({
      try: approval,
      catch: (error) => proposalRefusal(error) ?? unavailable(error),
    }),
    Effect.gen(function* () {
      const deadline =
        createdAt +
        Duration.toMillis(Timings.pairingLifetime) -
        Duration.toMillis(Timings.pairingExpiryMargin)
      yield* Effect.sleep(Duration.millis(Math.max(0, deadline - (yield* Clock.currentTimeMillis))))
      return yield* new WalletConnectError({ reason: "pairingExpired" })
    }),
  )

/**
 * A stored live session is adopted; otherwise a pairing URI is announced (`display_uri`) and approval awaited.
 * A silent connect (a reload) never pairs: without a live session it answers no account at once, as an
 * injected wallet does.
 */
const connect = Effect.fn("WalletConnect.connect")(function* (
  context: Context,
  connectOptions?: { readonly chainId?: CaipNetworkId | undefined; readonly silent?: boolean | undefined },
) {
  const signClient = yield* context.client
  const stored = yield* liveSession(signClient)
  if (Option.isSome(stored)) {
    const connection = yield* adopt(context, stored.value, connectOptions?.chainId)
    context.emit({ _tag: "connect", chainId: connection.chainId })
    return connection
  }
  if (connectOptions?.silent === true)
    return yield* new ConnectionError({ reason: "connectorAccountNotFound" })
  yield* Ref.set(context.authenticated, [])
  yield* context.relay.ensureConnected
  const { uri, approval } = yield* withinRelayTimeout(propose(context, signClient))
  if (uri === undefined) return yield* unavailable("the relay returned no pairing URI")
  const createdAt = yield* Clock.currentTimeMillis
  context.emit({ _tag: "display_uri", uri })
  const session = yield* awaitApproval(approval, createdAt)
  // An account the dApp cannot use (an address its namespace's rules refuse) is the wallet's fault: the
  // session is refused and ended rather than half used.
  const invalid = invalidAccountsOf(session)
  if (invalid.length > 0) {
    yield* Effect.ignore(endSession(context, signClient, session.topic, "Invalid accounts."))
    return yield* new WalletConnectError({ reason: "invalidAccounts", detail: invalid.join(", ") })
  }
  const connection = yield* adopt(context, session, connectOptions?.chainId)
  const signIns = signInsOf(signClient, yield* Ref.get(context.authenticated))
  context.emit({ _tag: "connect", chainId: connection.chainId })
  return signIns.length > 0 ? { ...connection, signIns } : connection
})

const active = (context: Context) =>
  Effect.flatMap(Ref.get(context.current), (state) =>
    Option.isSome(state)
      ? Effect.succeed(state.value)
      : Effect.fail(new ConnectionError({ reason: "connectorNotConnected" })),
  )

/**
 * Where a request goes: the active chain, or — for a solana, polkadot or cosmos method while another
 * namespace is active — the session's one chain of that method's namespace. Never an eip155 chain the dApp
 * did not pick (a transaction's chain is the one it is active on), nor a guess among several chains.
 */
const chainForMethod = (session: Session, active: CaipNetworkId, method: unknown): CaipNetworkId => {
  const owner = typeof method === "string" ? namespaceOfMethod(method) : undefined
  if (owner === undefined || owner === "eip155" || owner === chainNamespaceOf(active)) return active
  const chains = new Set(
    accountsOf(session)
      .map(networkOfAccount)
      .filter((chain) => chainNamespaceOf(chain) === owner),
  )
  const [only] = chains
  return chains.size === 1 && only !== undefined ? only : active
}

/** sign-client's code for the requests a session's end left unanswered (and the code a disconnect sends). */
const userDisconnected = 6000

/** A request to the wallet on the active chain, after the allowlist; the relay must answer in time, the wallet may take minutes. */
const request = Effect.fn("WalletConnect.request")(function* (context: Context, rpc: RpcRequest) {
  const state = yield* Ref.get(context.current)
  // A namespace's own method (cosmos_signDirect, polkadot_signMessage, …) goes to that namespace's chain in
  // the session, wherever the dApp is active: a session spans its namespaces, as sign-client's requests do.
  const target = Option.map(state, ({ session, chainId }) => chainForMethod(session, chainId, rpc?.method))
  // The allowlist comes first: an unlisted method is refused even before "not connected".
  const namespace = Option.map(target, chainNamespaceOf)
  yield* checkWalletConnectRequest(rpc, Option.getOrUndefined(namespace), Option.isSome(state))
  const { session } = yield* active(context)
  const chainId = Option.getOrThrow(target)
  // sign-client refuses a method the wallet did not approve with a bare Error; it is the wallet's 4200.
  const approved = session.namespaces[chainNamespaceOf(chainId) ?? ""]?.methods
  if (approved !== undefined && !approved.includes(rpc.method))
    return yield* new ProviderRpcError({
      code: RpcErrorCode.unsupportedMethod,
      message: `${session.peer.metadata.name} did not approve ${rpc.method} in this session`,
    })
  const signClient = yield* context.client
  // The wallet may take minutes (the request's expiry bounds that); the relay must answer now.
  yield* context.relay.ensureConnected
  yield* withinRelayTimeout(
    Effect.tryPromise({ try: () => signClient.core.relayer.transportOpen(), catch: unavailable }),
  )
  const { requestExpirySeconds, requestTimeout } = context.options
  return yield* Effect.tryPromise({
    try: () =>
      signClient.request({
        topic: session.topic,
        chainId,
        request: { method: rpc.method, params: rpc.params },
        ...(requestExpirySeconds === undefined ? {} : { expiry: requestExpirySeconds }),
      }),
    // sign-client fails what is pending on a session the wallet ends with its USER_DISCONNECTED.
    catch: (error) =>
      toWalletError(error).code === userDisconnected
        ? new WalletConnectError({ reason: "sessionEnded" })
        : toWalletError(error),
  }).pipe(
    context.relay.whileReachable,
    boundWalletRequest({
      walletName: session.peer.metadata.name,
      method: rpc.method,
      timeout: requestTimeout ?? defaultWalletRequestTimeout,
    }),
  )
})

/** Ends session `topic` with the wallet and drops it here, so no later restore revives it. */
const endSession = (
  context: Context,
  signClient: SignClient,
  topic: string,
  message = "User disconnected.",
) => {
  const reason = { code: userDisconnected, message }
  // Telling the wallet needs the relay. With it gone, the session is still dropped here and from
  // storage (sign-client deletes it only once the wallet was told).
  const dropLocally = Effect.promise(async () => {
    forget(context, topic)
    await signClient.session.delete(topic, reason).catch(() => undefined)
  })
  return withinRelayTimeout(
    Effect.tryPromise({ try: () => signClient.disconnect({ topic, reason }), catch: unavailable }),
  ).pipe(Effect.ensuring(dropLocally))
}

const disconnect = Effect.fn("WalletConnect.disconnect")(function* (context: Context) {
  const state = yield* Ref.get(context.current)
  if (Option.isNone(state)) return
  yield* endSession(context, yield* context.client, state.value.session.topic)
})

/** A WalletConnect session spans every approved chain: switching only moves where requests go. */
const switchChain = Effect.fn("WalletConnect.switchChain")(function* (
  context: Context,
  chainId: CaipNetworkId,
) {
  const { session } = yield* active(context)
  if (!accountsOf(session).some((account) => networkOfAccount(account) === chainId))
    return yield* new ConnectionError({ reason: "chainNotConfigured" })
  yield* Ref.set(context.current, Option.some({ session, chainId }))
  context.emit({ _tag: "chainChanged", chainId })
})

const sessionInfo = (context: Context) =>
  Effect.map(Ref.get(context.current), (state) =>
    Option.map(
      state,
      ({ session, chainId }): WalletConnectSession => ({
        topic: session.topic,
        accounts: accountsOf(session),
        chainId,
        expiry: session.expiry,
        walletName: session.peer.metadata.name,
        allAccounts: accountTypeObjects(accountsOf(session)),
        methods: Object.fromEntries(
          Object.entries(session.namespaces).map(([namespace, { methods }]) => [namespace, methods]),
        ),
      }),
    ),
  )

/** The configured networks as CAIP-2 ids of namespaces AppKit connects on; anything else is an options error. */
const decodeChains = (chains: ReadonlyArray<string>) => {
  const known = (chain: string) =>
    Option.filter(decodeCaipNetworkId(chain), (id) => chainNamespaceOf(id) !== undefined)
  const decoded = chains.flatMap((chain) => Option.toArray(known(chain)))
  const unsupported = chains.filter((chain) => Option.isNone(known(chain)))
  if (chains.length === 0 || unsupported.length > 0)
    return Effect.fail(
      new WalletConnectError({
        reason: "invalidOptions",
        detail: unsupported.length > 0 ? `unsupported networks ${unsupported.join(", ")}` : "no networks",
      }),
    )
  return Effect.succeed(decoded)
}

/**
 * The WalletConnect connector: pairs through a `wc:` URI (announced as `display_uri`), restores stored
 * sessions, and forwards requests to the wallet. `@walletconnect/sign-client` is imported only when the
 * connector is first used; its state lives in the `Storage` service. Closing the scope closes the relay
 * connection.
 */
export const makeWalletConnectConnector = (
  options: WalletConnectOptions,
): Effect.Effect<WalletConnectConnector, WalletConnectError, Storage | Scope.Scope> =>
  Effect.gen(function* () {
    const chains = yield* decodeChains(options.chains)
    const storage = yield* Storage
    const events = yield* PubSub.unbounded<ConnectorEvent>()
    const storagePrefix = options.storagePrefix ?? "appkit"
    const relay = yield* makeRelaySupervisor(options.relayUrl ?? "wss://relay.walletconnect.org")
    const clientId = yield* Effect.serviceOption(ClientId)
    // Started once, on first use. Kept as a promise rather than an Effect.cached value so that a caller
    // interrupted mid-start (a --timeout) still leaves the finalizer something to close.
    let starting: Promise<SignClient> | undefined
    const context: Context = {
      options,
      chains,
      client: Effect.tryPromise({
        try: () =>
          (starting ??= startSignClient({ ...options, storagePrefix }, storage).then(async (signClient) => {
            relay.attach(signClient.core.relayer)
            listen(context, signClient)
            // From now on the instance's API requests say who is calling (§7 clientId).
            if (Option.isSome(clientId)) {
              const id = await signClient.core.crypto.getClientId().catch(() => undefined)
              if (id !== undefined) Effect.runSync(clientId.value.set(id))
            }
            return signClient
          })),
        catch: unavailable,
      }),
      relay,
      current: yield* Ref.make(Option.none<ActiveSession>()),
      authenticated: yield* Ref.make<Authentications>([]),
      emit: (event) => PubSub.publishUnsafe(events, event),
    }
    yield* Effect.addFinalizer(() =>
      Effect.promise(async () => {
        const started = await starting?.catch(() => undefined)
        if (started !== undefined) await closeSignClient(started, storagePrefix)
      }),
    )
    return {
      ...walletConnectIdentity,
      chain: chainNamespaceOf(chains[0] as CaipNetworkId) as ChainNamespace,
      connect: (connectOptions) => connect(context, connectOptions),
      disconnect: () => disconnect(context),
      request: (rpc) => request(context, rpc),
      switchChain: (chainId) => switchChain(context, chainId),
      restore: restore(context),
      sync: Effect.flatMap(context.client, takeQueuedEvents),
      storedTopics: Effect.map(context.client, (signClient) =>
        signClient.session.getAll().map((session) => session.topic),
      ),
      session: sessionInfo(context),
      authentications: Ref.get(context.authenticated),
      events: Stream.fromPubSub(events),
    } satisfies WalletConnectConnector
  })
