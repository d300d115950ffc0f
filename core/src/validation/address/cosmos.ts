import { Result } from "effect"
import { type AddressCheck, InvalidAddress } from "./AddressCheck"
import { decodeBech32, wordsToBytes } from "./bech32"

const fail = (message: string): AddressCheck =>
  Result.fail(new InvalidAddress({ namespace: "cosmos", message }))

/**
 * A cosmos-sdk account: classic bech32 whose human-readable part names the chain (cosmos, osmo, ...)
 * and whose data is a 20-byte key hash or a 32-byte module/contract address. `network` is that prefix.
 */
export const checkCosmosAddress = (input: string): AddressCheck => {
  const decoded = decodeBech32(input)
  if (Result.isFailure(decoded) || decoded.success.encoding !== "bech32")
    return fail("Invalid cosmos address: not a bech32 string with a valid checksum")
  const { prefix, words } = decoded.success
  const bytes = wordsToBytes(words)
  if (!bytes || (bytes.length !== 20 && bytes.length !== 32))
    return fail("Invalid cosmos address: expected 20 or 32 bytes of data")
  return Result.succeed({ normalized: input.toLowerCase(), network: prefix, type: "bech32" })
}
