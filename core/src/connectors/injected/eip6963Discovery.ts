import { Effect, type Scope, Stream } from "effect"
import type { Connector } from "../Connector"
import { type AnnouncedProvider, discoverInjectedProviders, watchAnnouncedProviders } from "./eip6963"
import { makeInjectedConnector } from "./InjectedConnector"

/**
 * Registers every wallet announced on `target` (the page's window) through EIP-6963 as an injected connector,
 * one per wallet (rdns): those already on the page before this runs (registered at once, so a first render
 * and the reconnection of a stored wallet find them), and those that load later. A `window.ethereum` that no
 * wallet announced is offered too, as "Browser Wallet" (id "injected"), as wagmi's `injected()` and Reown
 * AppKit do. The connectors' wallet listeners and the announcement listener last as long as the scope.
 */
export const registerAnnouncedWallets = (
  target: EventTarget,
  register: (connectors: ReadonlyArray<Connector>) => Effect.Effect<void>,
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.gen(function* () {
    const known = new Set<string>()
    const registerFresh = (announced: ReadonlyArray<AnnouncedProvider>) =>
      Effect.gen(function* () {
        const fresh = announced.filter((wallet) => !known.has(wallet.info.rdns))
        if (fresh.length === 0) return
        for (const wallet of fresh) known.add(wallet.info.rdns)
        yield* register(
          yield* Effect.forEach(fresh, (wallet) => makeInjectedConnector(wallet.provider, wallet.info)),
        )
      })
    const { announced, legacy } = yield* discoverInjectedProviders(target)
    yield* registerFresh(announced)
    if (legacy !== undefined) yield* register([yield* makeInjectedConnector(legacy)])
    yield* Effect.forkScoped(Stream.runForEach(watchAnnouncedProviders(target), registerFresh))
  })
