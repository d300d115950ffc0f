import { balanceNamespaces, isChainNamespace, sendNamespaces, UnsupportedSendChainError } from "@appkit/core"
import { CliError, ExitCode } from "./output"

/**
 * Which path `balance` and `send` take for --chain: solana:… goes to the Solana code, anything without a
 * namespace or on eip155 to the EVM code. A namespace without balances or sends (§1: polkadot, cosmos,
 * bip122) is 'Unsupported chain' at once (exit 1), before any endpoint is looked up or asked.
 */
export const chainRoute = (chain: string | undefined, action: "balance" | "send"): "eip155" | "solana" => {
  // (a decimal id, a name or an unknown namespace goes to the EVM code, whose chain reading refuses what it must)
  const namespace = chain?.slice(0, chain.indexOf(":")) ?? ""
  if (!isChainNamespace(namespace)) return "eip155"
  const supported = action === "balance" ? balanceNamespaces : sendNamespaces
  if (!supported.includes(namespace)) {
    // An argument the core's rule refuses: exit 1 (as `tokens` answers it), the §1 text, the value named.
    const refusal = new UnsupportedSendChainError({ namespace })
    throw new CliError(`--chain ${chain}: ${refusal.message}`, {
      exitCode: ExitCode.invalid,
      code: refusal._tag,
    })
  }
  return namespace === "solana" ? "solana" : "eip155"
}
