import type { SiwxConfig } from "../siwx/siwxClientLayer"
import { type AppKitOptions, resolveOptions } from "../state/Options"

/**
 * The sign-in setup with the RPC URL of every eip155 network the app configured (its `rpcUrls` included)
 * added to its own `rpcUrls`, which win. A contract wallet's sign-in — a smart account, the embedded
 * wallet's by default — verifies by EIP-1271 on the chain the app already reads, without the app naming
 * that node a second time; without it the sign-in of every smart account fails as "made by" its owner key.
 */
export const withNetworkRpcUrls = (config: SiwxConfig, options: AppKitOptions): SiwxConfig => {
  const fromNetworks = Object.fromEntries(
    resolveOptions(options).networks.flatMap((network) =>
      network.chainNamespace === "eip155" && network.rpcUrl !== undefined
        ? [[network.caipNetworkId, network.rpcUrl] as const]
        : [],
    ),
  )
  return { ...config, rpcUrls: { ...fromNetworks, ...config.rpcUrls } }
}
