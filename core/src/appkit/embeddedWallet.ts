import { Effect, Layer } from "effect"
import type { FramePort } from "../connectors/embedded/FrameMessenger"
import { lazyConnector } from "../connectors/lazyConnector"
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
          Effect.promise(() => import("./onFirstUse")),
          (module) => module.makeEmbeddedLoader(config, scope).pipe(Effect.provideService(Account, account)),
        ),
      )
      const load = Effect.flatten(loader)
      yield* (yield* Connectors).register([
        lazyConnector(
          { id: EMBEDDED_CONNECTOR_ID, name: "Email and socials", type: "AUTH", chain: "eip155" },
          Effect.map(load, (loaded) => loaded.connector),
        ),
      ])
      return EmbeddedWalletSource.of({ connectorId: EMBEDDED_CONNECTOR_ID, load })
    }),
  )

/** The email and social login flows; without a secure site they say so ('Address or auth connector not found'). */
export const embeddedAuthLayer = (config: EmbeddedWalletConfig | undefined) =>
  config === undefined
    ? EmbeddedAuth.layer
    : EmbeddedAuth.layer.pipe(Layer.provide(embeddedWalletLayer(config)))
