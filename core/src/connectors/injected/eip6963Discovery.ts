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
    const { announced, legacy } = yield* discoverInjectedProviders(target)
    const known = new Set<string>()
    /** Wallets not registered yet; one announcing the `window.ethereum` already offered would be it twice. */
    const fresh = (list: ReadonlyArray<AnnouncedProvider>) => {
      const added = list.filter((wallet) => !known.has(wallet.info.rdns) && wallet.provider !== legacy)
      for (const wallet of added) known.add(wallet.info.rdns)
      return added
    }
    const connectorsOf = (list: ReadonlyArray<AnnouncedProvider>) =>
      Effect.forEach(list, (wallet) => makeInjectedConnector(wallet.provider, wallet.info))
    const present = [
      ...(yield* connectorsOf(fresh(announced))),
      ...(legacy === undefined ? [] : [yield* makeInjectedConnector(legacy)]),
    ]
    if (present.length > 0) yield* register(present)
    yield* Effect.forkScoped(
      Stream.runForEach(watchAnnouncedProviders(target), (list) => {
        const added = fresh(list)
        return added.length === 0 ? Effect.void : Effect.flatMap(connectorsOf(added), register)
      }),
    )
  })
