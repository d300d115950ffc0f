import { Result } from "effect"
import { type AddressCheck, InvalidAddress } from "./AddressCheck"
import { decodeBech32, wordsToBytes } from "./bech32"

const fail = (message: string): AddressCheck =>
  Result.fail(new InvalidAddress({ namespace: "cosmos", message }))

/**
 * The account prefixes of well-known chains, keyed by chain id without its "-N" revision (the CAIP-2
 * cosmos reference is the chain id: cosmoshub-4, osmosis-1). Other chains are not pinned.
 */
export const cosmosChainPrefixes: Readonly<Record<string, string>> = {
  cosmoshub: "cosmos",
  osmosis: "osmo",
  juno: "juno",
  stargaze: "stars",
  akashnet: "akash",
  celestia: "celestia",
  injective: "inj",
  neutron: "neutron",
}

/**
 * A cosmos-sdk account: classic bech32 whose human-readable part names the chain (cosmos, osmo, ...)
 * and whose data is a 20-byte key hash or a 32-byte module/contract address. `network` is that prefix.
 * With a CAIP-2 `chainReference` of a well-known chain, the prefix must be that chain's.
 */
export const checkCosmosAddress = (input: string, chainReference?: string): AddressCheck => {
  const decoded = decodeBech32(input)
  if (Result.isFailure(decoded) || decoded.success.encoding !== "bech32")
    return fail("Invalid cosmos address: not a bech32 string with a valid checksum")
  const { prefix, words } = decoded.success
  const bytes = wordsToBytes(words)
  if (!bytes || (bytes.length !== 20 && bytes.length !== 32))
    return fail("Invalid cosmos address: expected 20 or 32 bytes of data")
  const expected =
    chainReference === undefined ? undefined : cosmosChainPrefixes[chainReference.replace(/-\d+$/, "")]
  if (expected !== undefined && expected !== prefix)
    return fail(
      `Invalid cosmos address: prefix '${prefix}' does not belong to this chain (expected '${expected}')`,
    )
  return Result.succeed({ normalized: input.toLowerCase(), network: prefix, type: "bech32" })
}
