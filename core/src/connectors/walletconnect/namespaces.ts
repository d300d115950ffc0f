import { Option } from "effect"
import { DEFAULT_ACCOUNT_TYPES } from "../../config/constants"
import type { AccountTypeObject } from "../../domain/account"
import {
  accountOn,
  addressOfAccount,
  type CaipAccountId,
  type CaipNetworkId,
  decodeCaipAccountId,
} from "../../domain/caip"
import { type ChainNamespace, chainNamespaceOf } from "../../domain/namespace"
import { type AddressVerdict, validateAddress } from "../../validation/address/validateAddress"

/**
 * What a dApp asks a WalletConnect wallet for, per CAIP-2 namespace: the methods AppKit may call and the
 * events it listens to (the methods and event names each namespace's wallets implement over WalletConnect).
 */
export const namespaceMethods: Readonly<Record<ChainNamespace, ReadonlyArray<string>>> = {
  eip155: [
    "personal_sign",
    "eth_signTypedData_v4",
    "eth_sendTransaction",
    "eth_accounts",
    "eth_requestAccounts",
    "eth_chainId",
    "wallet_switchEthereumChain",
    "wallet_addEthereumChain",
    "wallet_getCapabilities",
    "wallet_sendCalls",
    "wallet_getCallsStatus",
    "wallet_grantPermissions",
    "wallet_revokePermissions",
    "wallet_getAssets",
  ],
  solana: [
    "solana_signMessage",
    "solana_signTransaction",
    "solana_signAllTransactions",
    "solana_signAndSendTransaction",
    "solana_requestAccounts",
    "solana_getAccounts",
  ],
  bip122: ["getAccountAddresses", "signMessage", "signPsbt", "sendTransfer"],
  polkadot: ["polkadot_signMessage", "polkadot_signTransaction"],
  cosmos: ["cosmos_getAccounts", "cosmos_signDirect", "cosmos_signAmino"],
}

/** The one namespace whose wallets answer `method` (of the methods AppKit asks for), if only one does. */
export const namespaceOfMethod = (method: string): ChainNamespace | undefined => {
  const owners = (Object.keys(namespaceMethods) as Array<ChainNamespace>).filter((namespace) =>
    namespaceMethods[namespace].includes(method),
  )
  return owners.length === 1 ? owners[0] : undefined
}

export const namespaceEvents: Readonly<Record<ChainNamespace, ReadonlyArray<string>>> = {
  eip155: ["accountsChanged", "chainChanged"],
  solana: ["accountsChanged", "chainChanged"],
  bip122: ["bip122_addressesChanged"],
  polkadot: ["accountsChanged", "chainChanged"],
  cosmos: ["accountsChanged", "chainChanged"],
}

export interface ProposalNamespace {
  readonly chains: ReadonlyArray<CaipNetworkId>
  readonly methods: ReadonlyArray<string>
  readonly events: ReadonlyArray<string>
}

/**
 * The session proposal's namespaces for the configured networks (CAIP-2 ids), grouped by namespace in
 * the order they were configured. They are *optional* namespaces: wallets reject proposals whose
 * required namespaces they cannot fully serve, so AppKit requires nothing and takes what is approved.
 */
export const proposalNamespaces = (
  chainIds: ReadonlyArray<CaipNetworkId>,
): Record<string, ProposalNamespace> => {
  const grouped = new Map<ChainNamespace, Array<CaipNetworkId>>()
  for (const chainId of chainIds) {
    const namespace = chainNamespaceOf(chainId)
    if (namespace === undefined) continue
    const chains = grouped.get(namespace) ?? []
    if (!chains.includes(chainId)) chains.push(chainId)
    grouped.set(namespace, chains)
  }
  return Object.fromEntries(
    [...grouped].map(([namespace, chains]) => [
      namespace,
      { chains, methods: namespaceMethods[namespace], events: namespaceEvents[namespace] },
    ]),
  )
}

/** §5: pairing-based authentication (one-click SIWE) applies only when every requested chain is eip155. */
export const usesPairingAuthentication = (chainIds: ReadonlyArray<CaipNetworkId>): boolean =>
  chainIds.length > 0 && chainIds.every((chainId) => chainNamespaceOf(chainId) === "eip155")

/**
 * The §3 account type objects of an approved session: one per distinct address of each namespace (the same
 * EVM address on several chains is one account). A pairing wallet says nothing about account types, so
 * each address gets its namespace's §9 default (bip122 'payment', solana and polkadot 'eoa'), and 'eoa' where
 * §9 names none (cosmos) — except eip155, whose 'smartAccount' default is the embedded wallet's, which can
 * create one: a pairing wallet's EVM address is a plain account.
 */
const pairingAccountType = (namespace: ChainNamespace): AccountTypeObject["type"] =>
  namespace === "eip155" ? "eoa" : (DEFAULT_ACCOUNT_TYPES[namespace] ?? "eoa")

export const accountTypeObjects = (
  accounts: ReadonlyArray<CaipAccountId>,
): ReadonlyArray<AccountTypeObject> => {
  const seen = new Set<string>()
  const objects: Array<AccountTypeObject> = []
  for (const account of accounts) {
    const namespace = chainNamespaceOf(account)
    const address = addressOfAccount(account)
    if (namespace === undefined || seen.has(`${namespace}:${address}`)) continue
    seen.add(`${namespace}:${address}`)
    objects.push({ namespace, address, type: pairingAccountType(namespace) })
  }
  return objects
}

/**
 * What core's address rules say of an account a wallet reports: its namespace's rules on its chain (the SS58
 * prefix and checksum, the bech32 prefix and checksum, the Bitcoin network). An eip155 address is held to the
 * plain EVM rule, as an injected wallet's is: wallets commonly report it in lower case, which the checksummed
 * CAIP-10 profile would refuse.
 */
export const accountVerdict = (account: CaipAccountId): AddressVerdict =>
  chainNamespaceOf(account) === "eip155"
    ? validateAddress(addressOfAccount(account), { namespace: "eip155" })
    : validateAddress(account)

const usable = (account: CaipAccountId): boolean => accountVerdict(account).valid

/**
 * The CAIP-10 accounts of a wallet's `accountsChanged` session event on `chainId`. Wallets send plain
 * addresses (EIP-1193 style) or CAIP-10 ids already; anything that is neither, or that its namespace's
 * address rules refuse, is dropped.
 */
export const accountsOfEvent = (chainId: CaipNetworkId, data: unknown): ReadonlyArray<CaipAccountId> =>
  Array.isArray(data)
    ? data.flatMap((entry) =>
        typeof entry !== "string"
          ? []
          : Option.toArray(
              Option.filter(
                Option.orElse(decodeCaipAccountId(entry), () => accountOn(chainId, entry)),
                usable,
              ),
            ),
      )
    : []

/** A session's approved accounts, each valid for its namespace and chain; the rest are dropped. */
export const usableAccounts = (reported: ReadonlyArray<unknown>): ReadonlyArray<CaipAccountId> =>
  reported.flatMap((entry) => Option.toArray(Option.filter(decodeCaipAccountId(entry), usable)))

/** The approved accounts a dApp cannot use, each with why: not a CAIP-10 id, or refused by its namespace's rules. */
export const unusableAccounts = (reported: ReadonlyArray<string>): ReadonlyArray<string> =>
  reported.flatMap((entry) =>
    Option.match(decodeCaipAccountId(entry), {
      onNone: () => [`${entry} (not a CAIP-10 account id)`],
      onSome: (account) => {
        const { valid, error } = accountVerdict(account)
        return valid ? [] : [`${entry} (${error})`]
      },
    }),
  )
