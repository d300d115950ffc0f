import { type AppKit, makeInjectedConnector, watchAnnouncedProviders } from "@appkit/core"
import { Effect, Scope, Stream } from "effect"

/**
 * Registers every wallet that announces itself on the page (EIP-6963), now and later, as an injected
 * connector of `appKit`. The connectors' wallet listeners live as long as the page.
 */
export const registerAnnouncedWallets = (appKit: AppKit, target: EventTarget) => {
  const scope = Effect.runSync(Scope.make())
  const known = new Set<string>()
  Effect.runFork(
    Stream.runForEach(watchAnnouncedProviders(target), (announced) =>
      Effect.gen(function* () {
        const fresh = announced.filter((wallet) => !known.has(wallet.info.rdns))
        if (fresh.length === 0) return
        for (const wallet of fresh) known.add(wallet.info.rdns)
        const connectors = yield* Effect.forEach(fresh, (wallet) =>
          Scope.provide(makeInjectedConnector(wallet.provider, wallet.info), scope),
        )
        yield* Effect.promise(() => appKit.registerConnectors(connectors))
      }),
    ),
  )
}
