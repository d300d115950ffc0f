import { type Duration, Effect, Layer } from "effect"
import type { BitcoinNetwork, BitcoinWalletOption, RequestResult } from "../../domain/bitcoin"
import { fromWebStorage, type WebStorage } from "../../storage/browser"
import { Storage } from "../../storage/Storage"
import type { BitcoinWalletEvent } from "./connectors/BitcoinConnector"
import { makeBitcoinRequestClient } from "./selection/requestClient"
import { selectorTag } from "./selection/selectorMachine"
import { type WalletSelector, windowSelector } from "./selection/selectorPort"
import { installPlatformOf } from "./wallets/catalog"
import { discoverBitcoinWallets, toWalletOption, type WalletHost } from "./wallets/discovery"

/**
 * The Bitcoin layer for code that does not use Effect: sats-connect's `request` API with provider
 * selection, answered as `{status: 'success', result}` or `{status: 'error', error: {code, message}}`.
 */
export interface BitcoinClient {
  readonly request: (method: string, params?: unknown) => Promise<RequestResult>
  readonly selectProvider: () => Promise<string>
  readonly disconnect: () => Promise<void>
  readonly addListener: (listener: (event: BitcoinWalletEvent) => void) => Promise<() => void>
  /** The wallets the selector would offer now, in §1 order. */
  readonly wallets: () => Promise<ReadonlyArray<BitcoinWalletOption>>
}

export interface BitcoinClientOptions {
  /** Where wallets are found and the selector listens: the page's window by default. */
  readonly host?: WalletHost | undefined
  /** Where `sats-connect_defaultProvider` is kept: localStorage by default. */
  readonly storage?: WebStorage | undefined
  readonly selector?: WalletSelector | undefined
  readonly network?: BitcoinNetwork | undefined
  readonly timeout?: Duration.Input | undefined
}

const memoryStorage = (): WebStorage => {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

/** The page's localStorage; reading it throws on opaque origins (sandboxed frames, about:blank). */
const pageStorage = (): WebStorage | undefined => {
  try {
    return (globalThis as { readonly localStorage?: WebStorage }).localStorage
  } catch {
    return undefined
  }
}

/** Whether the selector element is defined on this page (react-ui's `defineBitcoinWalletSelector`). */
const selectorLoaded = () =>
  typeof customElements !== "undefined" && customElements.get(selectorTag) !== undefined

export const createBitcoinClient = (options: BitcoinClientOptions = {}): BitcoinClient => {
  const host = options.host ?? (globalThis as unknown as WalletHost)
  const webStorage = options.storage ?? pageStorage() ?? memoryStorage()
  const platform = installPlatformOf(
    (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? "",
  )
  const client = Effect.runSync(
    makeBitcoinRequestClient({
      wallets: discoverBitcoinWallets(host),
      selector: options.selector ?? windowSelector(host, selectorLoaded),
      platform,
      network: options.network,
      timeout: options.timeout,
    }).pipe(Effect.provide(Layer.succeed(Storage, fromWebStorage(webStorage)))),
  )
  return {
    request: (method, params) => Effect.runPromise(client.requestResult(method, params)),
    selectProvider: () => Effect.runPromise(client.selectProvider),
    disconnect: () => Effect.runPromise(client.disconnect),
    addListener: (listener) => Effect.runPromise(client.addListener(listener)),
    wallets: () =>
      Effect.runPromise(
        Effect.map(discoverBitcoinWallets(host), (wallets) =>
          wallets.map((wallet) => toWalletOption(wallet, platform)),
        ),
      ),
  }
}
