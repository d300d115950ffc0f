// Bundled for the browser by walletStandard.browser.test.ts: the dev Solana wallet registering itself on the
// Wallet Standard, and a dApp using core's discovery, connector and adapter, in one page. The wallet signs in
// the page and sends through the local chain's JSON-RPC; the user's approvals come from Node
// (page.exposeFunction), so the test plays the user.

import type { ConnectorEvent } from "@appkit/core"
import {
  makeSolanaRpc,
  makeWalletStandardConnector,
  solanaAdapter,
  solanaChainMap,
  type WalletStandardConnector,
  watchWalletStandardWallets,
} from "@appkit/core/solana"
import { Effect, Scope, Stream } from "effect"
import { keypairFromSecretKey } from "../../../fixtures/src/solana/keypair"
import { createDevSolanaWallet } from "../../../fixtures/src/wallets/solana/devWallet"
import { registerWallet } from "../../../fixtures/src/wallets/solana/register"

type Reply = {
  readonly result?: unknown
  readonly error?: { readonly code?: number | undefined; readonly message: string }
}

declare global {
  interface Window {
    approveSolanaRequest: (method: string) => Promise<boolean>
    installSolanaDevWallet: (
      name: string,
      rpcUrl: string,
      secretKeys: ReadonlyArray<ReadonlyArray<number>>,
    ) => void
    startSolanaDiscovery: (localChainId: string) => void
    seenWallets: ReadonlyArray<ReadonlyArray<string>>
    connectSolanaWallet: (name: string) => Promise<Reply>
    solanaRequest: (method: string, params: unknown) => Promise<Reply>
    sendSol: (rpcUrl: string, to: string, lamports: string) => Promise<Reply>
    disconnectSolanaWallet: () => Promise<Reply>
    solanaEvents: Array<ConnectorEvent>
  }
}

const reply = <A, E>(effect: Effect.Effect<A, E>): Promise<Reply> =>
  Effect.runPromise(
    effect.pipe(
      Effect.map((result): Reply => ({ result })),
      Effect.catch((error) =>
        Effect.succeed<Reply>({
          error: { code: (error as { code?: number }).code, message: (error as { message: string }).message },
        }),
      ),
    ),
  )
const json = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)))

window.installSolanaDevWallet = (name, rpcUrl, secretKeys) => {
  const dev = createDevSolanaWallet({
    name,
    keypairs: secretKeys.map((bytes) => keypairFromSecretKey(Uint8Array.from(bytes))),
    chains: [{ id: "solana:localnet", rpcUrl }],
    approve: (request) => window.approveSolanaRequest(request.method),
  })
  registerWallet(window, dev.wallet)
}

// The page's scope: connectors and their wallet listeners live as long as the page.
const pageScope = Effect.runSync(Scope.make())
let chains = solanaChainMap()
let connector: WalletStandardConnector | undefined
let address = ""
window.seenWallets = []
window.solanaEvents = []

window.startSolanaDiscovery = (localChainId) => {
  chains = solanaChainMap(localChainId)
  Effect.runFork(
    Stream.runForEach(watchWalletStandardWallets(window), (wallets) =>
      Effect.sync(() => {
        window.seenWallets = [...window.seenWallets, wallets.map((wallet) => wallet.name)]
        latest = wallets
      }),
    ).pipe(Effect.scoped),
  )
}
let latest: ReadonlyArray<Parameters<typeof makeWalletStandardConnector>[0]> = []

window.connectSolanaWallet = (name) =>
  reply(
    Effect.gen(function* () {
      const wallet = latest.find((candidate) => candidate.name === name)
      if (wallet === undefined) return yield* Effect.fail({ message: `no wallet named ${name}` })
      connector = yield* Scope.provide(makeWalletStandardConnector(wallet, { chains }), pageScope)
      Effect.runFork(
        Stream.runForEach(connector.events, (event) => Effect.sync(() => window.solanaEvents.push(event))),
      )
      const connection = yield* connector.connect()
      address = connection.accounts[0]?.split(":")[2] ?? ""
      return connection
    }),
  )

window.solanaRequest = (method, params) =>
  connector
    ? reply(connector.request({ method, params }))
    : Promise.resolve({ error: { message: "not connected" } })

window.sendSol = (rpcUrl, to, lamports) =>
  connector
    ? reply(
        Effect.map(
          solanaAdapter.sendNative(makeSolanaRpc(rpcUrl), connector, {
            from: address,
            to,
            amount: BigInt(lamports),
          }),
          json,
        ),
      )
    : Promise.resolve({ error: { message: "not connected" } })

window.disconnectSolanaWallet = () =>
  connector ? reply(connector.disconnect()) : Promise.resolve({ error: { message: "not connected" } })
