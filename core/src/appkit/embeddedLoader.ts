import { Effect, Exit, Scope, SubscriptionRef } from "effect"
import { EmbeddedFrameError } from "../errors/embedded"
import { Account } from "../state/Account"
import { preferredEvmAccountType } from "../state/EmbeddedAuth"
import { memoized } from "../state/memoized"
import { EMBEDDED_CONNECTOR_ID, type EmbeddedFrameHost, type EmbeddedWalletConfig } from "./embeddedWallet"

/**
 * How the embedded wallet loads (fetched on its first use): mount the frame, import the messenger and flows'
 * code, introduce the dApp. Only one load runs at a time; a failed one removes its frame and is tried afresh.
 */
/** The page's hidden iframe; without a document there is no frame to load ('Could not load embedded wallet'). */
const browserFrameHost: EmbeddedFrameHost = async (secureSiteUrl) => {
  const document = (globalThis as { document?: Document }).document
  if (document === undefined) throw new Error("No document to mount the embedded wallet's frame in")
  const { mountSecureFrame } = await import("../connectors/embedded/browserFrame")
  return mountSecureFrame(document, secureSiteUrl)
}

/** Loads once; a failed load (the frame never came up) leaves nothing behind and is tried again next time. */
export const makeEmbeddedLoader = Effect.fn("EmbeddedWallet.makeLoader")(function* (
  config: EmbeddedWalletConfig,
  parent: Scope.Scope,
) {
  const account = yield* Account
  const preferredAccountType = Effect.map(SubscriptionRef.get(account.state), preferredEvmAccountType)
  return memoized(
    Effect.gen(function* () {
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
    }),
  )
})
