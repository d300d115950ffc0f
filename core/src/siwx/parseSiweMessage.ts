import { Result } from "effect"
import { parseCaip122Text } from "./caip122Text"
import { createSiweMessage, InvalidSiweMessage, type SiweMessage } from "./SiweMessage"

const fail = (message: string) =>
  Result.fail(new InvalidSiweMessage({ message: `Invalid SIWE message: ${message}` }))

/**
 * Parses EIP-4361 text line by line in the ABNF's fixed order, then checks every field with the same
 * rules as `createSiweMessage`, so parse and create accept exactly the same messages. Lines end in LF,
 * with no trailing newline (strip one before calling if it came from a file).
 */
export const parseSiweMessage = (text: string): Result.Result<SiweMessage, InvalidSiweMessage> => {
  const layout = parseCaip122Text(text, "Ethereum")
  if (Result.isFailure(layout)) return fail(layout.failure)
  const { chainId } = layout.success
  if (!/^\d+$/.test(chainId) || !Number.isSafeInteger(Number(chainId)))
    return fail(`Chain ID must be a decimal number, got "${chainId}"`)
  return createSiweMessage({ ...layout.success, chainId: Number(chainId) })
}
