// Bundled for the browser by eip6963.browser.test.ts: the dev wallet's EIP-6963 announcement and a dApp
// using core's discovery and InjectedConnector, in one page. The wallet's provider is a bridge: requests go
// to the Node-side dev wallet (page.exposeFunction), its events come back through `emitWalletEvent`.

import { type ConnectorEvent, discoverInjectedProviders, makeInjectedConnector } from "@appkit/core"
import { announceEip6963Provider, devWalletIcon } from "@appkit/fixtures/eip1193"
import { Effect, Scope, Stream } from "effect"

type Reply = {
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string }
}
type Listener = (value: unknown) => void

declare global {
  interface Window {
    devWalletRequest: (request: string) => Promise<Reply>
    emitWalletEvent: (event: string, value: unknown) => void
    installDevWallet: () => void
    connectDapp: () => Promise<unknown>
    dappRequest: (method: string, params: unknown) => Promise<Reply>
    dappEvents: Array<ConnectorEvent>
  }
}

const listeners = new Map<string, Set<Listener>>()
const bridgedProvider = {
  request: async (request: { method: string; params?: unknown }) => {
    const reply = await window.devWalletRequest(JSON.stringify(request))
    if (reply.error) throw reply.error
    return reply.result
  },
  on: (event: string, listener: Listener) =>
    void listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
  removeListener: (event: string, listener: Listener) => void listeners.get(event)?.delete(listener),
}

window.emitWalletEvent = (event, value) => {
  for (const listener of listeners.get(event) ?? []) listener(value)
}

window.installDevWallet = () => {
  const info = {
    uuid: "5f3c2e1a-0000-4000-8000-000000000001",
    name: "Dev Wallet",
    icon: devWalletIcon,
    rdns: "dev.appkit.wallet",
  }
  announceEip6963Provider(window, info, bridgedProvider)
  // The same wallet injected a second time (another uuid): discovery must list it once.
  announceEip6963Provider(window, { ...info, uuid: "5f3c2e1a-0000-4000-8000-000000000002" }, bridgedProvider)
}

window.dappEvents = []
let request: ((method: string, params: unknown) => Promise<Reply>) | undefined
window.dappRequest = (method, params) =>
  request ? request(method, params) : Promise.reject(new Error("not connected"))

window.connectDapp = () =>
  Effect.runPromise(
    Effect.gen(function* () {
      const { announced } = yield* discoverInjectedProviders(window)
      const first = announced[0]
      if (first === undefined) return { announced: [] }
      // The connector (and its wallet listeners) lives as long as the page: its scope is never closed.
      const pageScope = yield* Scope.make()
      const connector = yield* Scope.provide(makeInjectedConnector(first.provider, first.info), pageScope)
      Effect.runFork(
        Stream.runForEach(connector.events, (event) => Effect.sync(() => window.dappEvents.push(event))),
      )
      const connection = yield* connector.connect()
      request = (method, params) =>
        Effect.runPromise(
          connector.request({ method, params }).pipe(
            Effect.map((result): Reply => ({ result })),
            Effect.catch((error) =>
              Effect.succeed<Reply>({
                error: { code: Number((error as { code?: number }).code), message: error.message },
              }),
            ),
          ),
        )
      return { announced: announced.map((entry) => entry.info), connection }
    }),
  )
