import { Result } from "effect"
import { type ChainId, InvalidCaipId } from "./caip"

/**
 * The CAIP-2 reference profile of each namespace AppKit connects on (ChainAgnostic/namespaces): the CAIP
 * grammar alone lets `eip155:abc` or `bip122:1` through, which no wallet or node would ever name.
 */
const referenceProfiles: Readonly<Record<string, { readonly pattern: RegExp; readonly expected: string }>> = {
  eip155: { pattern: /^(0|[1-9][0-9]{0,31})$/, expected: "a decimal chain id without leading zeros" },
  bip122: {
    pattern: /^[0-9a-f]{32}$/,
    expected: "32 lowercase hex characters (the genesis block hash prefix)",
  },
  solana: {
    pattern: /^[1-9A-HJ-NP-Za-km-z]{32}$/,
    expected: "32 base58 characters (the genesis hash prefix)",
  },
  polkadot: {
    pattern: /^[0-9a-f]{32}$/,
    expected: "32 lowercase hex characters (the genesis hash prefix)",
  },
  cosmos: { pattern: /^[-a-zA-Z0-9]{1,32}$/, expected: "a Cosmos chain id of letters, digits and -" },
}

/**
 * Holds a grammatical chain id to its namespace's profile; a namespace without a known profile passes as
 * the grammar left it.
 */
export const checkChainReference = (chainId: ChainId): Result.Result<ChainId, InvalidCaipId> => {
  const profile = referenceProfiles[chainId.namespace]
  if (profile === undefined || profile.pattern.test(chainId.reference)) return Result.succeed(chainId)
  const input = `${chainId.namespace}:${chainId.reference}`
  return Result.fail(
    new InvalidCaipId({
      input,
      message: `Invalid ${chainId.namespace} chain id '${input}': the reference must be ${profile.expected}`,
    }),
  )
}
