import type SignClient from "@walletconnect/sign-client"
import { Clock, Duration, Effect, Option, PubSub, Ref, Result, Schema, type Scope, Stream } from "effect"
import { Timings } from "../../config/constants"
import type { AccountTypeObject } from "../../domain/account"
import { parseChainId } from "../../domain/caip"
import { type ChainNamespace, isChainNamespace } from "../../domain/namespace"
import { Cacao } from "../../domain/siwx"
import { ConnectionError } from "../../errors/connection"
import { isUserRejection, type ProviderRpcError } from "../../errors/ProviderRpcError"
import type { RpcPolicyError } from "../../rpc/checkRpcRequest"
import { Storage } from "../../storage/Storage"
import type { Connection, Connector, ConnectorEvent, RpcRequest, WalletSignIn } from "../Connector"
import {
  boundWalletRequest,
  defaultWalletRequestTimeout,
  type WalletRequestTimeout,
} from "../walletRequestBound"
import { toWalletError, WalletConnectError } from "./errors"
import { keyValueStorageFrom } from "./keyValueStorage"
import {
  accountsOfEvent,
  accountTypeObjects,
  chainOfAccount,
  namespaceMethods,
  proposalNamespaces,
  usesPairingAuthentication,
} from "./namespaces"
import { makeRelaySupervisor } from "./relayReconnect"
import { takeQueuedEvents } from "./relaySync"
import { checkWalletConnectRequest } from "./requestPolicy"

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
  /** Sign-in with the pairing (one-click SIWE); applied only when every requested chain is eip155 (§5). */
  readonly authentication?:
    | { readonly domain: string; readonly uri: string; readonly nonce: string; readonly statement?: string }
    | undefined
  /** How long the wallet may take to answer one request, in seconds (sign-client allows 300 to 604800). */
  readonly requestExpirySeconds?: number | undefined
  /** The dApp's own bound on one request (default 5 minutes): a wallet that died cannot answer at all. */
  readonly requestTimeout?: Duration.Input | undefined
}

/** The session as the dApp side sees it, for callers that keep their own record (the CLI). */
export interface WalletConnectSession {
  readonly topic: string
  readonly accounts: ReadonlyArray<string>
  readonly chainId: string
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

/** The signed CAIP-122 objects (CACAOs) a wallet returned for pairing-based sign-in, one per chain. */
export type Authentications = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<SignClient["authenticate"]>>["response"]>>["auths"]
>

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
  readonly session: Effect.Effect<Option.Option<WalletConnectSession>>
}

const decodeCacao = Schema.decodeUnknownOption(Cacao)

/** sign-client's code for the requests a session's end left unanswered. */
const userDisconnected = 6000

/**
 * The CACAOs with the message text each one signs (sign-client renders it, recap statement included), for the
 * SIWX client to verify and keep. A CACAO that does not decode is left out: it could never verify.
 */
const signInsOf = (signClient: SignClient, auths: Authentications): ReadonlyArray<WalletSignIn> =>
  auths.flatMap((auth) =>
    Option.match(decodeCacao(auth), {
      onNone: () => [],
      onSome: (cacao) => [
        { message: signClient.formatAuthMessage({ request: auth.p, iss: auth.p.iss }), cacao },
      ],
    }),
  )

/** sign-client's parameter types want mutable arrays. */
const mutableNamespaces = (namespaces: ReturnType<typeof proposalNamespaces>) =>
  Object.fromEntries(
    Object.entries(namespaces).map(([key, { chains, methods, events }]) => [
      key,
      { chains: [...chains], methods: [...methods], events: [...events] },
    ]),
  )

type Session = ReturnType<SignClient["session"]["getAll"]>[number]

const accountsOf = (session: Session): ReadonlyArray<string> =>
  Object.values(session.namespaces).flatMap((namespace) => namespace.accounts)

const unavailable = (cause: unknown) =>
  new WalletConnectError({
    reason: "unavailable",
    detail: cause instanceof Error ? cause.message : String(cause),
  })

/**
 * In a browser, sign-client attests every proposal and request with WalletConnect's Verify API (an iframe
 * on verify.walletconnect.org that may hold a pairing up to 5 s). A dApp on its own relay must not reach
 * WalletConnect's cloud: the attestation is left empty, as sign-client itself does when Verify fails, and
 * wallets see the dApp as unverified.
 */
const skipVerifyAttestation = (client: SignClient) => {
  client.core.verify.register = async () => ""
}

/**
 * sign-client keeps retrying a relay it cannot reach; a pairing or a request fails after this instead of
 * waiting on a dead socket.
 */
export const relayTimeout = Duration.seconds(15)

const withinRelayTimeout = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.timeoutOrElse(effect, {
    duration: relayTimeout,
    orElse: () =>
      Effect.fail(unavailable(`the relay did not answer within ${Duration.format(relayTimeout)}`)),
  })

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
    const namespaces = options.chains.map((chain) => chain.slice(0, chain.indexOf(":")))
    const unsupported = options.chains.filter(
      (chain, index) => Result.isFailure(parseChainId(chain)) || !isChainNamespace(namespaces[index] ?? ""),
    )
    if (options.chains.length === 0 || unsupported.length > 0)
      return yield* new WalletConnectError({
        reason: "invalidOptions",
        detail: unsupported.length > 0 ? `unsupported networks ${unsupported.join(", ")}` : "no networks",
      })
    const storage = yield* Storage
    const events = yield* PubSub.unbounded<ConnectorEvent>()
    const current = yield* Ref.make(Option.none<{ readonly session: Session; readonly chainId: string }>())
    const emit = (event: ConnectorEvent) => PubSub.publishUnsafe(events, event)

    const forget = (topic: string) =>
      Effect.runSync(
        Ref.modify(current, (state) =>
          Option.isSome(state) && state.value.session.topic === topic
            ? [true, Option.none()]
            : [false, state],
        ),
      ) && emit({ _tag: "disconnect" })

    const storagePrefix = options.storagePrefix ?? "appkit"
    const relay = yield* makeRelaySupervisor(options.relayUrl ?? "wss://relay.walletconnect.org")
    const start = async () => {
      const { SignClient } = await import("@walletconnect/sign-client")
      const client = await SignClient.init({
        projectId: options.projectId,
        ...(options.relayUrl === undefined ? {} : { relayUrl: options.relayUrl }),
        customStoragePrefix: storagePrefix,
        storage: keyValueStorageFrom(storage),
        metadata: { ...options.metadata, icons: [...options.metadata.icons] },
        telemetryEnabled: false,
        logger: "silent",
      })
      relay.attach(client.core.relayer)
      if (options.relayUrl !== undefined) skipVerifyAttestation(client)
      client.on("session_delete", ({ topic }) => forget(topic))
      client.on("session_expire", ({ topic }) => forget(topic))
      // The wallet changed the session's accounts (another account picked, a chain added): adopt them.
      client.on("session_update", ({ topic, params }) => {
        const state = Option.getOrUndefined(Effect.runSync(Ref.get(current)))
        if (state?.session.topic !== topic) return
        const session = { ...state.session, namespaces: params.namespaces }
        const accounts = accountsOf(session)
        const chains = accounts.map(chainOfAccount)
        const chainId = chains.includes(state.chainId) ? state.chainId : (chains[0] ?? state.chainId)
        Effect.runSync(Ref.set(current, Option.some({ session, chainId })))
        emit({ _tag: "accountsChanged", accounts, allAccounts: accountTypeObjects(accounts) })
        if (chainId !== state.chainId) emit({ _tag: "chainChanged", chainId })
      })
      client.on("session_event", ({ topic, params }) => {
        const state = Option.getOrUndefined(Effect.runSync(Ref.get(current)))
        if (state?.session.topic !== topic) return
        const { name, data } = params.event
        if (name === "accountsChanged" && Array.isArray(data)) {
          const accounts = accountsOfEvent(params.chainId, data)
          emit({ _tag: "accountsChanged", accounts, allAccounts: accountTypeObjects(accounts) })
        } else if (name === "chainChanged") emit({ _tag: "chainChanged", chainId: params.chainId })
        else emit({ _tag: "message", type: name, data })
      })
      return client
    }
    // Started once, on first use. Kept as a promise rather than an Effect.cached value so that a caller
    // interrupted mid-start (a --timeout) still leaves the finalizer something to close.
    let starting: Promise<SignClient> | undefined
    const client = Effect.tryPromise({ try: () => (starting ??= start()), catch: unavailable })
    yield* Effect.addFinalizer(() =>
      Effect.promise(async () => {
        const started = await starting?.catch(() => undefined)
        if (started === undefined) return
        await started.core.relayer.transportClose().catch(() => undefined)
        // sign-client's heartbeat interval would otherwise keep a CLI process alive forever.
        started.core.heartbeat.stop()
        // sign-client shares one Core per storage prefix through a process global; a closed one must not
        // be handed to the next connector, which then restores its session from Storage instead.
        const globals = globalThis as Record<string, unknown>
        const key = `_walletConnectCore_${storagePrefix}`
        if (globals[key] === started.core) {
          delete globals[key]
          delete globals[`${key}_count`]
        }
      }),
    )

    const adopt = (session: Session, preferred: string | undefined) =>
      Effect.gen(function* () {
        const accounts = accountsOf(session)
        const chains = accounts.map(chainOfAccount)
        const chainId =
          preferred !== undefined && chains.includes(preferred)
            ? preferred
            : (chains[0] ?? options.chains[0] ?? "")
        yield* Ref.set(current, Option.some({ session, chainId }))
        return { accounts, chainId, allAccounts: accountTypeObjects(accounts) } satisfies Connection
      })

    const liveSession = (signClient: SignClient) =>
      Effect.map(Clock.currentTimeMillis, (now) =>
        Option.fromNullishOr(
          signClient.session
            .getAll()
            .find((session) => session.expiry * 1000 > now && accountsOf(session).length > 0),
        ),
      )

    const restore = Effect.gen(function* () {
      const signClient = yield* client
      const session = yield* liveSession(signClient)
      if (Option.isNone(session)) return Option.none<Connection>()
      return Option.some(yield* adopt(session.value, undefined))
    })

    /** Waits for the wallet's approval until the pairing counts as expired (§4: 10 s before its 4 minutes). */
    const authenticated = yield* Ref.make<Authentications>([])

    /**
     * Starts a pairing: a plain session proposal, or — when sign-in is configured and every requested chain
     * is eip155 (§5) — a session authenticate request, so one approval in the wallet connects and signs in.
     */
    const propose = (signClient: SignClient) => {
      const authentication = options.authentication
      if (authentication === undefined || !usesPairingAuthentication(options.chains))
        return Effect.tryPromise({
          try: () =>
            signClient.connect({ optionalNamespaces: mutableNamespaces(proposalNamespaces(options.chains)) }),
          catch: unavailable,
        })
      return Effect.tryPromise({
        try: () =>
          signClient.authenticate({
            ...authentication,
            chains: [...options.chains],
            methods: [...namespaceMethods.eip155],
          }),
        catch: unavailable,
      }).pipe(
        Effect.map(({ uri, response }) => ({
          uri,
          approval: async () => {
            const { session, auths } = await response()
            if (session === undefined) throw new Error("the wallet signed in without a session")
            await Effect.runPromise(Ref.set(authenticated, auths ?? []))
            return session
          },
        })),
      )
    }

    const awaitApproval = (approval: () => Promise<Session>, createdAt: number) =>
      Effect.raceFirst(
        Effect.tryPromise({
          try: approval,
          catch: (error) =>
            isUserRejection(toWalletError(error))
              ? new WalletConnectError({ reason: "proposalRejected" })
              : unavailable(error),
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

    const connect = (connectOptions?: { readonly chainId?: string | undefined }) =>
      Effect.gen(function* () {
        const signClient = yield* client
        const stored = yield* liveSession(signClient)
        if (Option.isSome(stored)) {
          const connection = yield* adopt(stored.value, connectOptions?.chainId)
          emit({ _tag: "connect", chainId: connection.chainId })
          return connection
        }
        yield* Ref.set(authenticated, [])
        yield* relay.ensureConnected
        const { uri, approval } = yield* withinRelayTimeout(propose(signClient))
        if (uri === undefined) return yield* unavailable("the relay returned no pairing URI")
        const createdAt = yield* Clock.currentTimeMillis
        emit({ _tag: "display_uri", uri })
        const session = yield* awaitApproval(approval, createdAt)
        const connection = yield* adopt(session, connectOptions?.chainId)
        const signIns = signInsOf(signClient, yield* Ref.get(authenticated))
        emit({ _tag: "connect", chainId: connection.chainId })
        return signIns.length > 0 ? { ...connection, signIns } : connection
      })

    const active = Effect.flatMap(Ref.get(current), (state) =>
      Option.isSome(state)
        ? Effect.succeed(state.value)
        : Effect.fail(new ConnectionError({ reason: "connectorNotConnected" })),
    )

    const request = (rpc: RpcRequest) =>
      Effect.gen(function* () {
        const state = yield* Ref.get(current)
        // The allowlist comes first: an unlisted method is refused even before "not connected".
        const namespace = Option.getOrUndefined(state)?.chainId.split(":")[0]
        yield* checkWalletConnectRequest(rpc, namespace, Option.isSome(state))
        const { session, chainId } = yield* active
        const signClient = yield* client
        // The wallet may take minutes (the request's expiry bounds that); the relay must answer now.
        yield* relay.ensureConnected
        yield* withinRelayTimeout(
          Effect.tryPromise({ try: () => signClient.core.relayer.transportOpen(), catch: unavailable }),
        )
        return yield* Effect.tryPromise({
          try: () =>
            signClient.request({
              topic: session.topic,
              chainId,
              request: { method: rpc.method, params: rpc.params },
              ...(options.requestExpirySeconds === undefined ? {} : { expiry: options.requestExpirySeconds }),
            }),
          // sign-client fails what is pending on a session the wallet ends with its USER_DISCONNECTED.
          catch: (error) =>
            toWalletError(error).code === userDisconnected
              ? new WalletConnectError({ reason: "sessionEnded" })
              : toWalletError(error),
        }).pipe(
          relay.whileReachable,
          boundWalletRequest({
            walletName: session.peer.metadata.name,
            method: rpc.method,
            timeout: options.requestTimeout ?? defaultWalletRequestTimeout,
          }),
        )
      })

    const disconnect = () =>
      Effect.gen(function* () {
        const state = yield* Ref.get(current)
        if (Option.isNone(state)) return
        const signClient = yield* client
        const { topic } = state.value.session
        const reason = { code: 6000, message: "User disconnected." }
        // Telling the wallet needs the relay. With it gone, the session is still dropped here and from
        // storage (sign-client deletes it only once the wallet was told), so no later restore revives it.
        const dropLocally = Effect.promise(async () => {
          forget(topic)
          await signClient.session.delete(topic, reason).catch(() => undefined)
        })
        yield* withinRelayTimeout(
          Effect.tryPromise({ try: () => signClient.disconnect({ topic, reason }), catch: unavailable }),
        ).pipe(Effect.ensuring(dropLocally))
      })

    const switchChain = (chainId: string) =>
      Effect.gen(function* () {
        const { session } = yield* active
        if (!accountsOf(session).some((account) => chainOfAccount(account) === chainId))
          return yield* new ConnectionError({ reason: "chainNotConfigured" })
        yield* Ref.set(current, Option.some({ session, chainId }))
        emit({ _tag: "chainChanged", chainId })
      })

    const sessionInfo = Effect.map(Ref.get(current), (state) =>
      Option.map(state, ({ session, chainId }) => ({
        topic: session.topic,
        accounts: accountsOf(session),
        chainId,
        expiry: session.expiry,
        walletName: session.peer.metadata.name,
        allAccounts: accountTypeObjects(accountsOf(session)),
        methods: Object.fromEntries(
          Object.entries(session.namespaces).map(([namespace, { methods }]) => [namespace, methods]),
        ),
      })),
    )

    return {
      id: "walletConnect",
      name: "WalletConnect",
      type: "WALLET_CONNECT",
      chain: namespaces[0] as ChainNamespace,
      connect,
      disconnect,
      request,
      switchChain,
      restore,
      sync: Effect.flatMap(client, takeQueuedEvents),
      session: sessionInfo,
      authentications: Ref.get(authenticated),
      events: Stream.fromPubSub(events),
    } satisfies WalletConnectConnector
  })
