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
