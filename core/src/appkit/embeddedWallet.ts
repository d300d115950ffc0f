import { Effect, Layer, Stream } from "effect"
import type { Connector } from "../connectors/Connector"
import type { EmbeddedConnectorError } from "../connectors/embedded/EmbeddedConnector"
import type { FramePort } from "../connectors/embedded/FrameMessenger"
import type { LoadedEmbeddedWallet } from "../connectors/embedded/loadEmbeddedWallet"
import { Account } from "../state/Account"
import { Connectors } from "../state/Connectors"
import { EmbeddedAuth, EmbeddedWalletSource } from "../state/EmbeddedAuth"
import { memoized } from "../state/memoized"

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
      const scope = yield* Effect.scope
      const account = yield* Account
      // The loader itself is code of its own (frame mounting, its retry): fetched with the first load.
      const loader = memoized(
        Effect.flatMap(
          Effect.promise(() => import("./embeddedLoader")),
          (module) => module.makeEmbeddedLoader(config, scope).pipe(Effect.provideService(Account, account)),
        ),
      )
      const load = Effect.flatten(loader)
      yield* (yield* Connectors).register([lazyConnector(load)])
      return EmbeddedWalletSource.of({ connectorId: EMBEDDED_CONNECTOR_ID, load })
    }),
  )

/** The email and social login flows; without a secure site they say so ('Address or auth connector not found'). */
export const embeddedAuthLayer = (config: EmbeddedWalletConfig | undefined) =>
  config === undefined
    ? EmbeddedAuth.layer
    : EmbeddedAuth.layer.pipe(Layer.provide(embeddedWalletLayer(config)))
