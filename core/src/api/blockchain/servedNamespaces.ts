import type { ChainNamespace } from "../../domain/namespace"

/** §1: the Blockchain API reports token balances on these namespaces only (bitcoin balances come from UTXOs). */
export const balanceNamespaces: ReadonlyArray<ChainNamespace> = ["eip155", "solana"]
/** §1: transaction history (the activity list) is an eip155 feature. */
export const activityNamespaces: ReadonlyArray<ChainNamespace> = ["eip155"]

const namespaceOfId = (caipNetworkId: string) => caipNetworkId.split(":", 1)[0] ?? ""

/** Whether the Blockchain API is ever asked for balances on this CAIP-2 network. */
export const servesBalances = (caipNetworkId: string): boolean =>
  (balanceNamespaces as ReadonlyArray<string>).includes(namespaceOfId(caipNetworkId))

/** Whether the Blockchain API is ever asked for the history of an account on this CAIP-2 network. */
export const servesActivity = (caipNetworkId: string): boolean =>
  (activityNamespaces as ReadonlyArray<string>).includes(namespaceOfId(caipNetworkId))
