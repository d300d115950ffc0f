import { accept, type Checked, Refusal } from "./AddressCheck"
import { readBech32, wordsToBytes } from "./bech32"

const notBech32 = new Refusal("Invalid cosmos address: not a bech32 string with a valid checksum")
const wrongLength = new Refusal("Invalid cosmos address: expected 20 or 32 bytes of data")

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
export const checkCosmosAddress = (input: string, chainReference?: string): Checked => {
  const decoded = readBech32(input)
  if (decoded?.encoding !== "bech32") return notBech32
  const { prefix, words } = decoded
  const bytes = wordsToBytes(words)
  if (!bytes || (bytes.length !== 20 && bytes.length !== 32)) return wrongLength
  const expected =
    chainReference === undefined ? undefined : cosmosChainPrefixes[chainReference.replace(/-\d+$/, "")]
  if (expected !== undefined && expected !== prefix)
    return new Refusal(
      `Invalid cosmos address: prefix '${prefix}' does not belong to this chain (expected '${expected}')`,
    )
  return accept(input.toLowerCase(), prefix, "bech32")
}
