import { Result } from "effect"
import { type Bech32String, readBech32 } from "./bech32Codec"

export { type Bech32Encoding, type Bech32String, readBech32, wordsToBytes } from "./bech32Codec"

/**
 * Decodes a bech32 or bech32m string (BIP-173/BIP-350: one case only, 1..83-char HRP of printable
 * ASCII, valid checksum). The two checksums differ by a constant, so at most one matches.
 * Fails with the reason when neither does.
 */
export const decodeBech32 = (input: string): Result.Result<Bech32String, string> => {
  const decoded = readBech32(input)
  return decoded ? Result.succeed(decoded) : Result.fail(`Not a valid bech32 or bech32m string: ${input}`)
}
