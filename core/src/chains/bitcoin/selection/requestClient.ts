import { type Duration, Effect, Fiber, Option, Ref, Stream } from "effect"
import { Timings } from "../../../config/constants"
import type { BitcoinNetwork, RequestResult } from "../../../domain/bitcoin"
import { bitcoinDefaultProviderKey } from "../../../domain/bitcoinStorageKey"
import { BitcoinDisconnectError, BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import { readKey, removeKey, writeKey } from "../../../storage/keys"
import type { Storage } from "../../../storage/Storage"
import {
  type BitcoinConnector,
  type BitcoinConnectorError,
  type BitcoinWalletEvent,
  requestThroughConnector,
} from "../connectors/BitcoinConnector"
import { connectorForWallet } from "../connectors/forWallet"
import type { InstallPlatform } from "../wallets/catalog"
import { type DiscoveredBitcoinWallet, toWalletOption } from "../wallets/discovery"
import type { WalletSelector } from "./selectorPort"

/**
 * The request layer with provider selection (§4), as sats-connect's `request` works but bounded and exact:
 * a saved default provider (`sats-connect_defaultProvider`) is used, else the user picks one in the
 * selector; success saves the pick; a user rejection with no earlier default forgets it; disconnect asks
 * the wallet to renounce its permissions, then forgets the provider and the saved default.
 */
export interface BitcoinRequestClient {
  /** A §7 request to the selected wallet (prompting for one first when there is none). */
  readonly request: (method: string, params?: unknown) => Effect.Effect<unknown, BitcoinConnectorError>
  /** The same, answered in sats-connect's `{status, result}` / `{status, error}` shape; never fails. */
  readonly requestResult: (method: string, params?: unknown) => Effect.Effect<RequestResult>
  /** Prompts for a wallet and makes it the selected provider (not yet saved as the default); the prompt then closes. */
  readonly selectProvider: Effect.Effect<string, BitcoinError>
  readonly disconnect: Effect.Effect<void, BitcoinDisconnectError>
  /** The selected wallet's events; with no wallet selected it logs 'No wallet provider selected...' and does nothing. */
  readonly addListener: (listener: (event: BitcoinWalletEvent) => void) => Effect.Effect<() => void>
  readonly providerId: Effect.Effect<Option.Option<string>>
}

export interface BitcoinRequestClientOptions {
  readonly wallets: Effect.Effect<ReadonlyArray<DiscoveredBitcoinWallet>>
  /** The selector to prompt with; without one, prompting fails with 'Failed to detect the wallet provider selector.'. */
  readonly selector?: WalletSelector | undefined
  readonly platform?: InstallPlatform | undefined
  readonly network?: BitcoinNetwork | undefined
  readonly timeout?: Duration.Input | undefined
}

const noSelector: WalletSelector = {
  select: () => Effect.fail(new BitcoinError({ reason: "selectorNotDetected" })),
  walletOpen: () => Effect.void,
  walletClose: Effect.void,
  close: Effect.void,
}

/** Any failure as the `{status: 'error', error: {code, message}}` a sats-connect caller expects. */
export const toRequestResult = (
  effect: Effect.Effect<unknown, BitcoinConnectorError>,
): Effect.Effect<RequestResult> =>
  effect.pipe(
    Effect.map((result): RequestResult => ({ status: "success", result })),
    Effect.catch((error) =>
      Effect.succeed<RequestResult>({
        status: "error",
        error: {
          code:
            "code" in error && typeof error.code === "number"
              ? error.code
              : BitcoinWalletErrorCode.internalError,
          message: error.message,
        },
      }),
    ),
  )

const isUserRejection = (error: unknown) => error instanceof BitcoinRpcError && error.isUserRejection

export const makeBitcoinRequestClient = (
  options: BitcoinRequestClientOptions,
): Effect.Effect<BitcoinRequestClient, never, Storage> =>
  Effect.gen(function* () {
    const storage = yield* Effect.context<Storage>()
    const selector = options.selector ?? noSelector
    const selected = yield* Ref.make(Option.none<string>())
    const connectors = new Map<string, BitcoinConnector>()
    const withStorage = <A, E>(effect: Effect.Effect<A, E, Storage>) => Effect.provideContext(effect, storage)
    const savedDefault = withStorage(readKey(bitcoinDefaultProviderKey))

    const selectProvider = Effect.gen(function* () {
      const wallets = yield* options.wallets
      if (wallets.length === 0) return yield* new BitcoinError({ reason: "noWalletsDetected" })
      const id = yield* selector.select(
        wallets.map((wallet) => toWalletOption(wallet, options.platform ?? "chrome")),
      )
      yield* Ref.set(selected, Option.some(id))
      return id
    })

    const connectorFor = (id: string) =>
      Effect.gen(function* () {
        const cached = connectors.get(id)
        if (cached) return cached
        const wallet = (yield* options.wallets).find((candidate) => candidate.id === id)
        if (wallet === undefined) return yield* new BitcoinError({ reason: "noWalletProvider" })
        const connector = yield* connectorForWallet(wallet, {
          network: options.network,
          timeout: options.timeout,
        })
        connectors.set(id, connector)
        return connector
      })

    /** The selected provider, else the saved default, else none (no prompt). */
    const current = Effect.gen(function* () {
      const chosen = yield* Ref.get(selected)
      if (Option.isSome(chosen)) return chosen
      const saved = yield* savedDefault
      if (Option.isSome(saved)) yield* Ref.set(selected, saved)
      return saved
    })

    const send = (connector: BitcoinConnector, method: string, params: unknown) =>
      connector.kind === "requestApi"
        ? connector.request(method, params)
        : requestThroughConnector(connector, method, params)

    const request = (method: string, params?: unknown): Effect.Effect<unknown, BitcoinConnectorError> =>
      Effect.gen(function* () {
        const saved = yield* savedDefault
        const known = yield* current
        const id = Option.getOrUndefined(known) ?? (yield* selectProvider)
        // A pick no connector can be made for (OKX on a network it has no provider for) ends the prompt
        // and is forgotten, so the next request asks again instead of failing the same way.
        const connector = yield* connectorFor(id).pipe(
          Effect.tapError(() =>
            Option.isSome(known)
              ? Effect.void
              : Effect.andThen(Ref.set(selected, Option.none()), selector.close),
          ),
        )
        yield* selector.walletOpen(id)
        const outcome = yield* Effect.exit(
          send(connector, method, params).pipe(
            Effect.ensuring(Effect.andThen(selector.walletClose, selector.close)),
          ),
        )
        if (outcome._tag === "Success") yield* withStorage(writeKey(bitcoinDefaultProviderKey, id))
        else if (
          Option.isNone(saved) &&
          outcome.cause.reasons.some((reason) => reason._tag === "Fail" && isUserRejection(reason.error))
        )
          yield* Ref.set(selected, Option.none())
        return yield* outcome
      })

    const disconnect = Effect.gen(function* () {
      const id = yield* current
      // Asked, but waited for only as long as the EVM revoke: an answer that does not come is no refusal.
      const failure = Option.isSome(id)
        ? yield* Effect.flip(
            Effect.timeoutOption(request("wallet_renouncePermissions"), Timings.permissionRevokeTimeout),
          ).pipe(Effect.option)
        : Option.none()
      yield* Ref.set(selected, Option.none())
      yield* withStorage(removeKey(bitcoinDefaultProviderKey))
      if (Option.isSome(failure)) return yield* new BitcoinDisconnectError({ cause: failure.value })
    })

    const addListener = (listener: (event: BitcoinWalletEvent) => void) =>
      Effect.gen(function* () {
        const id = yield* current
        const connector = Option.isSome(id) ? yield* Effect.option(connectorFor(id.value)) : Option.none()
        if (Option.isNone(connector)) {
          yield* Effect.logWarning(new BitcoinError({ reason: "noWalletProviderSelected" }).message)
          return () => {}
        }
        const fiber = yield* Effect.forkDetach(
          Stream.runForEach(connector.value.events, (event) => Effect.sync(() => listener(event))),
        )
        return () => void Effect.runFork(Fiber.interrupt(fiber))
      })

    return {
      request,
      requestResult: (method, params) => toRequestResult(request(method, params)),
      // On its own the pick ends the prompt; inside `request` the dialog stays to show the opening wallet.
      selectProvider: Effect.ensuring(selectProvider, selector.close),
      disconnect,
      addListener,
      providerId: current,
    } satisfies BitcoinRequestClient
  })
