import { balanceNamespaces, isChainNamespace, sendNamespaces, UnsupportedSendChainError } from "@appkit/core"

/**
 * Which path `balance` and `send` take for --chain: solana:… goes to the Solana code, anything without a
 * namespace or on eip155 to the EVM code. A namespace without balances or sends (§1: polkadot, cosmos,
 * bip122) is 'Unsupported chain' at once, before any endpoint is looked up or asked.
 */
export const chainRoute = (chain: string | undefined, action: "balance" | "send"): "eip155" | "solana" => {
  // (a decimal id, a name or an unknown namespace goes to the EVM code, whose chain reading refuses what it must)
  const namespace = chain?.slice(0, chain.indexOf(":")) ?? ""
  if (!isChainNamespace(namespace)) return "eip155"
  const supported = action === "balance" ? balanceNamespaces : sendNamespaces
  if (!supported.includes(namespace)) throw new UnsupportedSendChainError({ namespace })
  return namespace === "solana" ? "solana" : "eip155"
}
