import { Effect, Exit, Layer, Scope, Semaphore, Stream, SubscriptionRef } from "effect"
import type { Connector } from "../connectors/Connector"
import type { EmbeddedConnectorError } from "../connectors/embedded/EmbeddedConnector"
import type { FramePort } from "../connectors/embedded/FrameMessenger"
import type { LoadedEmbeddedWallet } from "../connectors/embedded/loadEmbeddedWallet"
import { EmbeddedFrameError } from "../errors/embedded"
import { Account } from "../state/Account"
import { Connectors } from "../state/Connectors"
import { EmbeddedAuth, EmbeddedWalletSource, preferredEvmAccountType } from "../state/EmbeddedAuth"

/**
 * `createAppKit({ secureSiteUrl })`: the embedded wallet's AUTH connector, registered at once but loaded on
 * first use — the frame is mounted and the embedded code (messenger, protocol schemas) imported only when a
 * user starts an email or social login, or a reload finds a stored embedded connection. A dApp without
 * `secureSiteUrl` never reaches this module's dynamic imports.
 */
export const EMBEDDED_CONNECTOR_ID = "embedded"

/** A frame to talk to: in a page an iframe on the secure site (the default), elsewhere what the host provides. */
export interface EmbeddedFrame {
  readonly port: FramePort
  readonly remove: () => void
}

export type EmbeddedFrameHost = (secureSiteUrl: string) => EmbeddedFrame | Promise<EmbeddedFrame>

export interface EmbeddedWalletConfig {
  readonly secureSiteUrl: string
  readonly dappName: string
  readonly dappUrl?: string | undefined
  readonly frameHost?: EmbeddedFrameHost | undefined
}

/** The page's hidden iframe; without a document there is no frame to load ('Could not load embedded wallet'). */
const browserFrameHost: EmbeddedFrameHost = async (secureSiteUrl) => {
  const document = (globalThis as { document?: Document }).document
  if (document === undefined) throw new Error("No document to mount the embedded wallet's frame in")
  const { mountSecureFrame } = await import("../connectors/embedded/browserFrame")
  return mountSecureFrame(document, secureSiteUrl)
}

/** Loads once; a failed load (the frame never came up) leaves nothing behind and is tried again next time. */
const memoizedLoad = Effect.fn("EmbeddedWallet.memoizedLoad")(function* (
  config: EmbeddedWalletConfig,
  parent: Scope.Scope,
) {
  const account = yield* Account
  const preferredAccountType = Effect.map(SubscriptionRef.get(account.state), preferredEvmAccountType)
  const lock = yield* Semaphore.make(1)
  let loaded: LoadedEmbeddedWallet | undefined
  const attempt = Effect.gen(function* () {
    const scope = yield* Scope.fork(parent, "sequential")
    const frame = yield* Effect.tryPromise({
      try: async () => (config.frameHost ?? browserFrameHost)(config.secureSiteUrl),
      catch: () => new EmbeddedFrameError({ code: "iframe_load_failed" }),
    })
    yield* Scope.addFinalizer(scope, Effect.sync(frame.remove))
    const { loadEmbeddedWallet } = yield* Effect.promise(
      () => import("../connectors/embedded/loadEmbeddedWallet"),
    )
    return yield* loadEmbeddedWallet({
      port: frame.port,
      secureSiteOrigin: new URL(config.secureSiteUrl).origin,
      dappName: config.dappName,
      dappUrl: config.dappUrl,
      connectorId: EMBEDDED_CONNECTOR_ID,
      preferredAccountType,
    }).pipe(
      Scope.provide(scope),
      Effect.onExit((exit) => (Exit.isFailure(exit) ? Scope.close(scope, exit) : Effect.void)),
    )
  })
  return lock.withPermit(
    Effect.suspend(() =>
      loaded === undefined
        ? Effect.tap(attempt, (wallet) => Effect.sync(() => (loaded = wallet)))
        : Effect.succeed(loaded),
    ),
  )
})

/** Stands in for the embedded connector until it is loaded; every call loads it first. */
const lazyConnector = (
  load: Effect.Effect<LoadedEmbeddedWallet, EmbeddedConnectorError>,
): Connector<EmbeddedConnectorError> => {
  const connector = Effect.map(load, (loaded) => loaded.connector)
  return {
    id: EMBEDDED_CONNECTOR_ID,
    name: "Email and socials",
    type: "AUTH",
    chain: "eip155",
    connect: (options) => Effect.flatMap(connector, (c) => c.connect(options)),
    disconnect: () => Effect.flatMap(connector, (c) => c.disconnect()),
    request: (request) => Effect.flatMap(connector, (c) => c.request(request)),
    switchChain: (chainId) => Effect.flatMap(connector, (c) => c.switchChain(chainId)),
    // Listening starts with a connection, which loads the wallet anyway; a frame that never loads has no events.
    events: Stream.unwrap(
      Effect.match(connector, { onFailure: () => Stream.empty, onSuccess: (c) => c.events }),
    ),
  }
}

/** Registers the AUTH connector and provides the source the email and social flows load it from. */
export const embeddedWalletLayer = (config: EmbeddedWalletConfig) =>
  Layer.effect(
    EmbeddedWalletSource,
    Effect.gen(function* () {
      const load = yield* memoizedLoad(config, yield* Effect.scope)
      yield* (yield* Connectors).register([lazyConnector(load)])
      return EmbeddedWalletSource.of({ connectorId: EMBEDDED_CONNECTOR_ID, load })
    }),
  )

/** The email and social login flows; without a secure site they say so ('Address or auth connector not found'). */
export const embeddedAuthLayer = (config: EmbeddedWalletConfig | undefined) =>
  config === undefined
    ? EmbeddedAuth.layer
    : EmbeddedAuth.layer.pipe(Layer.provide(embeddedWalletLayer(config)))
