import { Context } from "effect"
import type { Transport } from "viem"

/**
 * viem transports by eip155 chain id, as wagmi's `transports` option gives them (`{ 8453: http(url) }`). A
 * chain without one is read through its network's `rpcUrl`, else through the connected wallet.
 */
export const EvmTransports = Context.Reference<Readonly<Record<number, Transport>>>("appkit/EvmTransports", {
  defaultValue: () => ({}),
})
