import { permissionRevokeTimeoutMillis } from "../../../config/revokeTimeout"
import type { BitcoinNetwork, RequestResult } from "../../../domain/bitcoin"
import { BitcoinDisconnectError, BitcoinError, BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinWalletErrorCode } from "../../../errors/rpcCodes"
import type { WebStorage } from "../../../storage/webStorage"
import {
  type BitcoinConnector,
  type BitcoinWalletEvent,
  requestThroughConnector,
} from "../connectors/BitcoinConnector"
import { connectorForWallet } from "../connectors/forWallet"
import type { InstallPlatform } from "../wallets/catalog"
import { type DiscoveredBitcoinWallet, toWalletOption } from "../wallets/discovery"
import type { WalletSelector } from "./selectorPort"
import { storedDefault } from "./storedDefault"

/**
 * The request layer with provider selection (§4), as sats-connect's `request` works but bounded and exact:
 * a saved default provider (`sats-connect_defaultProvider`) is used, else the user picks one in the
 * selector; success saves the pick; a user rejection with no earlier default forgets it; disconnect asks
 * the wallet to renounce its permissions, then forgets the provider and the saved default. Every promise
 * rejects only with a BitcoinConnectorError (BitcoinDisconnectError for `disconnect`).
 */
export interface BitcoinRequestClient {
  /** A §7 request to the selected wallet (prompting for one first when there is none). */
  readonly request: (method: string, params?: unknown) => Promise<unknown>
  /** The same, answered in sats-connect's `{status, result}` / `{status, error}` shape; never rejects. */
  readonly requestResult: (method: string, params?: unknown) => Promise<RequestResult>
  /** Prompts for a wallet and makes it the selected provider (not yet saved as the default); the prompt then closes. */
  readonly selectProvider: () => Promise<string>
  readonly disconnect: () => Promise<void>
  /** The selected wallet's events; with no wallet selected it warns 'No wallet provider selected...' and does nothing. */
  readonly addListener: (listener: (event: BitcoinWalletEvent) => void) => () => void
  /** The selected provider, else the saved default, else none. */
  readonly providerId: () => string | undefined
}

export interface BitcoinRequestClientOptions {
  /** The wallets on the page now. */
  readonly wallets: () => ReadonlyArray<DiscoveredBitcoinWallet>
  /** Where `sats-connect_defaultProvider` is kept. */
  readonly storage: WebStorage
  /** The selector to prompt with; without one, prompting fails with 'Failed to detect the wallet provider selector.'. */
  readonly selector?: WalletSelector | undefined
  readonly platform?: InstallPlatform | undefined
  readonly network?: BitcoinNetwork | undefined
  /** How long each wallet call may take, in milliseconds (the connectors' default when absent). */
  readonly timeout?: number | undefined
}

const noSelector: WalletSelector = {
  select: () => Promise.reject(new BitcoinError({ reason: "selectorNotDetected" })),
  walletOpen: () => {},
  walletClose: () => {},
  close: () => {},
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Any failure as the `{status: 'error', error: {code, message}}` a sats-connect caller expects. */
export const toRequestResult = (pending: Promise<unknown>): Promise<RequestResult> =>
  pending.then(
    (result): RequestResult => ({ status: "success", result }),
    (error: unknown): RequestResult => ({
      status: "error",
      error: {
        code:
          typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
            ? error.code
            : BitcoinWalletErrorCode.internalError,
        message: messageOf(error),
      },
    }),
  )

const isUserRejection = (error: unknown) => error instanceof BitcoinRpcError && error.isUserRejection

type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown }

const settle = (pending: Promise<unknown>): Promise<Outcome> =>
  pending.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  )

/** The outcome of `pending`, or undefined once `ms` pass without one. */
const settleWithin = (pending: Promise<unknown>, ms: number): Promise<Outcome | undefined> =>
  new Promise((resolve) => {
    const expiry = setTimeout(() => resolve(undefined), ms)
    void settle(pending).then((outcome) => {
      clearTimeout(expiry)
      resolve(outcome)
    })
  })

export const makeBitcoinRequestClient = (options: BitcoinRequestClientOptions): BitcoinRequestClient => {
  const selector = options.selector ?? noSelector
  const stored = storedDefault(options.storage)
  let selected: string | undefined
  const connectors = new Map<string, BitcoinConnector>()

  const pick = async () => {
    const wallets = options.wallets()
    if (wallets.length === 0) throw new BitcoinError({ reason: "noWalletsDetected" })
    const id = await selector.select(
      wallets.map((wallet) => toWalletOption(wallet, options.platform ?? "chrome")),
    )
    selected = id
    return id
  }

  const connectorFor = (id: string): BitcoinConnector => {
    const cached = connectors.get(id)
    if (cached) return cached
    const wallet = options.wallets().find((candidate) => candidate.id === id)
    if (wallet === undefined) throw new BitcoinError({ reason: "noWalletProvider" })
    const connector = connectorForWallet(wallet, { network: options.network, timeout: options.timeout })
    connectors.set(id, connector)
    return connector
  }

  /** The selected provider, else the saved default (which becomes the selected one), else none (no prompt). */
  const current = () => {
    selected ??= stored.read()
    return selected
  }

  const send = async (connector: BitcoinConnector, method: string, params: unknown) =>
    connector.kind === "requestApi"
      ? connector.request(method, params)
      : requestThroughConnector(connector, method, params)

  /**
   * The request, to the selected wallet or one the user picks. `abandoned` says the caller stopped waiting (a
   * disconnect's bounded renounce): the selector was closed then, and the late outcome changes nothing.
   */
  const requestUnless = async (method: string, params: unknown, abandoned: () => boolean) => {
    const saved = stored.read()
    const known = current()
    const id = known ?? (await pick())
    let connector: BitcoinConnector
    try {
      connector = connectorFor(id)
    } catch (error) {
      // A pick no connector can be made for (OKX on a network it has no provider for) ends the prompt
      // and is forgotten, so the next request asks again instead of failing the same way.
      if (known === undefined) {
        selected = undefined
        selector.close()
      }
      throw error
    }
    selector.walletOpen(id)
    const outcome = await settle(send(connector, method, params))
    if (abandoned()) return undefined
    selector.walletClose()
    selector.close()
    if (outcome.ok) {
      stored.write(id)
      return outcome.value
    }
    if (saved === undefined && isUserRejection(outcome.error)) selected = undefined
    throw outcome.error
  }

  const request = (method: string, params?: unknown) => requestUnless(method, params, () => false)

  const disconnect = async () => {
    let failure: Outcome | undefined
    if (current() !== undefined) {
      // Asked, but waited for only as long as the EVM revoke: an answer that does not come is no refusal.
      let abandoned = false
      failure = await settleWithin(
        requestUnless("wallet_renouncePermissions", undefined, () => abandoned),
        permissionRevokeTimeoutMillis,
      )
      if (failure === undefined) {
        abandoned = true
        selector.walletClose()
        selector.close()
      }
    }
    selected = undefined
    stored.remove()
    if (failure !== undefined && !failure.ok) throw new BitcoinDisconnectError({ cause: failure.error })
  }

  const addListener = (listener: (event: BitcoinWalletEvent) => void) => {
    const id = current()
    let connector: BitcoinConnector | undefined
    try {
      connector = id === undefined ? undefined : connectorFor(id)
    } catch {
      connector = undefined
    }
    if (connector === undefined) {
      console.warn(new BitcoinError({ reason: "noWalletProviderSelected" }).message)
      return () => {}
    }
    return connector.onEvent(listener)
  }

  return {
    request,
    requestResult: (method, params) => toRequestResult(request(method, params)),
    // On its own the pick ends the prompt; inside `request` the dialog stays to show the opening wallet.
    selectProvider: () => pick().finally(selector.close),
    disconnect,
    addListener,
    providerId: current,
  }
}
