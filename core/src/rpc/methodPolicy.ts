/**
 * §5/§6 RPC policy: which wallet methods a dApp may call through AppKit, which of them need the user's
 * approval in the wallet, and which need a connected provider first.
 *
 * The allowlist is per namespace:
 * - eip155: every `eth_*` and `wallet_*` method plus `personal_sign` (§5).
 * - solana: the Solana sign methods (§5); nothing else, not even Solana read methods.
 * - bip122: the Bitcoin wallet requests and pairing session methods of §7.
 * Without a namespace the §5 list as written applies: eip155 and solana together (the embedded wallet's view).
 *
 * Approval (§6): the listed unsafe methods. We also count every other `eth_sign*` method as unsafe
 * (eth_sign, eth_signTransaction, eth_signTypedData, _v1, _v3): they produce signatures, and letting them
 * through as "safe" would let a dApp sign without a prompt. `eth_sendRawTransaction` is safe: it is
 * already signed (§6 "raw send").
 */
export const rpcPolicyNamespaces = ["eip155", "solana", "bip122"] as const
export type RpcPolicyNamespace = (typeof rpcPolicyNamespaces)[number]

export const solanaSignMethods = [
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction",
] as const

// (§6 also lists eth_signTypedData_v4: evmSigningMethods below covers it with every other eth_sign*)
const evmApprovalMethods = [
  "personal_sign",
  "eth_sendTransaction",
  "wallet_sendCalls",
  "wallet_grantPermissions",
  "wallet_revokePermissions",
  "eth_sendUserOperation",
] as const

/** Signing methods outside the §6 list that are unsafe for the same reason (see above). */
const evmSigningMethods = /^eth_sign/

const connectedProviderMethods: ReadonlySet<string> = new Set([
  "wallet_getCapabilities",
  "wallet_grantPermissions",
  "wallet_revokePermissions",
  "wallet_getAssets",
])

/** §7 Bitcoin wallet requests and pairing session methods; the ones that sign or spend need approval. */
const bitcoinMethods: ReadonlyMap<string, boolean> = new Map([
  ["getAddresses", false],
  ["getAccountAddresses", false],
  ["wallet_connect", false],
  ["wallet_disconnect", false],
  ["wallet_changeNetwork", false],
  ["wallet_renouncePermissions", false],
  ["signMessage", true],
  ["signPsbt", true],
  ["sendTransfer", true],
])

/** Wallet requests that, once approved, send a transaction whoever still waits for the answer. */
const sendingMethods: ReadonlySet<string> = new Set([
  "eth_sendTransaction",
  "wallet_sendCalls",
  "eth_sendUserOperation",
  "solana_signAndSendTransaction",
  "sendTransfer",
])

/**
 * Whether a wallet that approves `method` late still sends a transaction (so a caller that gave up must say
 * it may yet land). A bip122 `signPsbt` does so only when it was asked to broadcast.
 */
export const sendsWhenApproved = (method: string, broadcast = false): boolean =>
  sendingMethods.has(method) || (method === "signPsbt" && broadcast)

// A method name after the prefix: letters, digits and underscores, at least one character.
const evmMethodName = /^(?:eth|wallet)_[A-Za-z0-9_]+$/

export interface RpcMethodPolicy {
  readonly method: string
  /** The namespace whose list allowed it; undefined when no list did. */
  readonly namespace: RpcPolicyNamespace | undefined
  readonly allowed: boolean
  readonly needsApproval: boolean
  readonly needsConnectedProvider: boolean
}

const allowedIn = (namespace: RpcPolicyNamespace, method: string): boolean => {
  switch (namespace) {
    case "eip155":
      return method === "personal_sign" || evmMethodName.test(method)
    case "solana":
      return (solanaSignMethods as ReadonlyArray<string>).includes(method)
    case "bip122":
      return bitcoinMethods.has(method)
  }
}

const needsApprovalIn = (namespace: RpcPolicyNamespace, method: string): boolean => {
  switch (namespace) {
    case "eip155":
      return (evmApprovalMethods as ReadonlyArray<string>).includes(method) || evmSigningMethods.test(method)
    case "solana":
      return true
    case "bip122":
      return bitcoinMethods.get(method) === true
  }
}

/** Classifies a method name under one namespace's list, or under the §5 list (eip155 + solana) when none is given. */
export const rpcMethodPolicy = (method: string, namespace?: RpcPolicyNamespace): RpcMethodPolicy => {
  const candidates: ReadonlyArray<RpcPolicyNamespace> = namespace ? [namespace] : ["eip155", "solana"]
  const matched = candidates.find((candidate) => allowedIn(candidate, method))
  return {
    method,
    namespace: matched,
    allowed: matched !== undefined,
    needsApproval: matched !== undefined && needsApprovalIn(matched, method),
    needsConnectedProvider: matched === "eip155" && connectedProviderMethods.has(method),
  }
}
