import { bech32, bech32m } from "@scure/base"
import { Result } from "effect"

export type Bech32Encoding = "bech32" | "bech32m"

export interface Bech32String {
  readonly encoding: Bech32Encoding
  /** Human-readable part, lowercase. */
  readonly prefix: string
  /** The 5-bit data words, checksum removed. */
  readonly words: ReadonlyArray<number>
}

/** BIP-173's overall limit; cosmos-sdk addresses stay well under it too. */
const maxLength = 90

const tryDecode = (coder: typeof bech32, input: string) => {
  try {
    return coder.decode(input, maxLength)
  } catch {
    return undefined
  }
}

/**
 * Decodes a bech32 or bech32m string (BIP-173/BIP-350: one case only, 1..83-char HRP of printable
 * ASCII, valid checksum). The two checksums differ by a constant, so at most one matches.
 * Fails with the reason when neither does.
 */
export const decodeBech32 = (input: string): Result.Result<Bech32String, string> => {
  const classic = tryDecode(bech32, input)
  if (classic) return Result.succeed({ encoding: "bech32", prefix: classic.prefix, words: classic.words })
  const modern = tryDecode(bech32m, input)
  if (modern) return Result.succeed({ encoding: "bech32m", prefix: modern.prefix, words: modern.words })
  return Result.fail(`Not a valid bech32 or bech32m string: ${input}`)
}

/** Converts 5-bit words to bytes, refusing non-zero or over-long padding (BIP-173 rule). */
export const wordsToBytes = (words: ReadonlyArray<number>): Uint8Array | undefined => {
  try {
    return bech32.fromWords([...words])
  } catch {
    return undefined
  }
}
