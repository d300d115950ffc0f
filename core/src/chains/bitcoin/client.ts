import type { BitcoinNetwork, BitcoinWalletOption, RequestResult } from "../../domain/bitcoin"
import { BitcoinWalletErrorCode } from "../../errors/rpcCodes"
import type { WebStorage } from "../../storage/webStorage"
import type { BitcoinWalletEvent } from "./connectors/BitcoinConnector"
import type { WalletSelector } from "./selection/selectorPort"
import type { WalletHost } from "./wallets/discovery"

/**
 * The Bitcoin layer as plain Promises: sats-connect's `request` API with provider selection, answered as
 * `{status: 'success', result}` or `{status: 'error', error: {code, message}}`.
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
  /** How long each wallet call may take, in milliseconds (5 minutes by default). */
  readonly timeout?: number | undefined
}

type RuntimeModule = typeof import("./clientRuntime")

/**
 * The client, whose implementation (discovery, selection, connectors: most of the layer's bytes) is a
 * separate chunk: a page's first paint carries only this (15 KiB less), and the rest loads when the browser
 * is idle or on the first call, whichever comes first. A failed load is retried on the next call;
 * `request` answers it as an error result, as it answers every failure.
 */
export const createBitcoinClient = (options: BitcoinClientOptions = {}): BitcoinClient =>
  lazyBitcoinClient(options, () => import("./clientRuntime"))

/** `createBitcoinClient` with the implementation loaded by `load` (tests give a failing one). */
export const lazyBitcoinClient = (
  options: BitcoinClientOptions,
  load: () => Promise<RuntimeModule>,
): BitcoinClient => {
  let loading: Promise<BitcoinClient> | undefined
  const client = () => {
    loading ??= load().then(
      (runtime) => runtime.makeBitcoinClient(options),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const idle = (globalThis as { requestIdleCallback?: (run: () => void) => unknown }).requestIdleCallback
  if (typeof idle === "function") idle(() => void client().catch(() => {}))
  return {
    request: (method, params) =>
      client().then(
        (loaded) => loaded.request(method, params),
        (error: unknown): RequestResult => ({
          status: "error",
          error: {
            code: BitcoinWalletErrorCode.internalError,
            message: `The Bitcoin layer failed to load: ${error instanceof Error ? error.message : String(error)}`,
          },
        }),
      ),
    selectProvider: async () => (await client()).selectProvider(),
    disconnect: async () => (await client()).disconnect(),
    addListener: async (listener) => (await client()).addListener(listener),
    wallets: async () => (await client()).wallets(),
  }
}
