/**
 * Test support only (not exported): replaces the character at `at` (mod length) with a different one
 * from `alphabet`, chosen by `pick`. Property tests use it to show that checksummed encodings catch
 * any single-character typo.
 */
export const mutateOneCharacter = (input: string, at: number, pick: number, alphabet: string): string => {
  const index = at % input.length
  const current = input.charAt(index).toLowerCase()
  const choices = [...alphabet].filter((c) => c.toLowerCase() !== current)
  const replacement = choices[pick % choices.length] ?? ""
  return `${input.slice(0, index)}${replacement}${input.slice(index + 1)}`
}

/** The characters a typo can introduce into a base58 or a bech32 string. */
export const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
export const bech32Alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
