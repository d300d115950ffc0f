import { type Account, type Address, type Client, createClient, custom, http, type Transport } from "viem"
import type { Eip1193Provider } from "../../connectors/injected/eip1193"

/**
 * Every EVM action takes a bare viem `Client` (createClient + one transport) and calls the tree-shakable
 * functions of `viem/actions` on it, never the createPublicClient/createWalletClient decorators, which
 * pull every action into the bundle. The signer is passed to each action, not bound to the client.
 */
export type EvmClient = Client<Transport, undefined, Account | undefined>

/** Who signs: a local viem account (signs in process) or an address the wallet behind the transport holds. */
export type EvmSigner = Account | Address

/** A client that reads (and broadcasts raw transactions) through a node's JSON-RPC URL. */
export const evmRpcClient = (rpcUrl: string): EvmClient =>
  createClient({ transport: http(rpcUrl, { retryCount: 0 }) })

/** A client over a transport the dApp configured (wagmi-style `transports`). */
export const evmTransportClient = (transport: Transport): EvmClient => createClient({ transport })

/** A client whose every request goes to an EIP-1193 wallet (injected, announced, WalletConnect, dev). */
export const evmProviderClient = (provider: Pick<Eip1193Provider, "request">): EvmClient =>
  createClient({ transport: custom(provider, { retryCount: 0 }) })
