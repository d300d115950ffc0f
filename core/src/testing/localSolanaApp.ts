import type { AppKit } from "../appkit/AppKit"
import { createAppKit } from "../appkit/createAppKit"
import type { CreateAppKitParameters } from "../appkit/options"
import { loadSolanaAdapter } from "../chains/solana/load"
import type { ConnectorInfo } from "../state/Connectors"

/** A local Solana cluster: @appkit/fixtures' litesvm `startSolanaDevnet`, or a solana-test-validator. */
export interface LocalSolanaCluster {
  /** CAIP-2: `solana:` and the genesis hash's first 32 characters. */
  readonly chainId: `solana:${string}`
  readonly rpcUrl: string
}

/**
 * An app on a local Solana cluster, as a dApp sets one up: the cluster as its one network, the Solana adapter
 * loaded on first use, and Wallet Standard wallets looked for on `page` (a stand-in for `window` on which the
 * test registers a wallet, such as @appkit/fixtures' dev wallet). It does not reconnect; `options` add to or
 * replace any of that (`solanaAdapter: undefined` for an app without the adapter).
 */
export const createLocalSolanaApp = (
  cluster: LocalSolanaCluster,
  page: EventTarget,
  options: Partial<CreateAppKitParameters> = {},
): AppKit =>
  createAppKit({
    projectId: "test",
    networks: [
      {
        id: cluster.chainId.slice("solana:".length),
        chainNamespace: "solana",
        caipNetworkId: cluster.chainId,
        name: "Solana (litesvm)",
        rpcUrl: cluster.rpcUrl,
      },
    ],
    walletStandardTarget: page,
    solanaAdapter: loadSolanaAdapter,
    reconnect: false,
    ...options,
  })

/**
 * The first Solana wallet the app finds (discovery starts once the adapter has loaded), or a rejection naming
 * the wait after `timeoutMs`.
 */
export const discoveredSolanaWallet = (appKit: AppKit, timeoutMs = 10_000): Promise<ConnectorInfo> =>
  new Promise((resolve, reject) => {
    const solanaWallet = (connectors: ReadonlyArray<ConnectorInfo>) =>
      connectors.find((connector) => connector.chain === "solana")
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`No Solana wallet was discovered within ${timeoutMs} ms`))
    }, timeoutMs)
    const stop = appKit.subscribe(
      (state) => solanaWallet(state.connectors.connectors),
      (found) => {
        if (found === undefined) return
        clearTimeout(timer)
        // The first call comes during subscribe, before `stop` is assigned.
        queueMicrotask(() => stop())
        resolve(found)
      },
      { fireImmediately: true },
    )
  })

/** Connects the first Solana wallet the app finds (`discoveredSolanaWallet`), and returns its connector. */
export const connectDiscoveredSolanaWallet = async (
  appKit: AppKit,
  timeoutMs?: number,
): Promise<ConnectorInfo> => {
  const wallet = await discoveredSolanaWallet(appKit, timeoutMs)
  await appKit.connect(wallet.id)
  return wallet
}
