import { Result } from "effect"
import { parseCaip122Text } from "./caip122Text"
import { checkSiweFields, InvalidSiweMessage, type SiweMessage } from "./SiweMessage"

const fail = (message: string) =>
  Result.fail(new InvalidSiweMessage({ message: `Invalid SIWE message: ${message}` }))

/**
 * Parses EIP-4361 text line by line in the ABNF's fixed order, then checks every field with the same
 * rules as `createSiweMessage`, so parse accepts exactly the messages create writes (the address strictly
 * EIP-55: create checksums a typed single-case address, a message's text must already hold that form). Lines end in LF,
 * with no trailing newline: text that is only wrong in those ways says so, since the signed bytes then differ
 * from the message (a file's last newline is part of what was read, never silently dropped).
 */
export const parseSiweMessage = (text: string): Result.Result<SiweMessage, InvalidSiweMessage> => {
  const parsed = parseLines(text)
  if (Result.isSuccess(parsed)) return parsed
  if (text.includes("\r\n") && Result.isSuccess(parseLines(text.replaceAll("\r\n", "\n"))))
    return fail("it has CRLF line ends; EIP-4361 messages use LF only")
  if (text.endsWith("\n") && Result.isSuccess(parseLines(text.replace(/\r?\n$/, ""))))
    return fail(
      "it ends with a line break, which is not part of an EIP-4361 message (the signed text ends right after its last field)",
    )
  return parsed
}

const parseLines = (text: string): Result.Result<SiweMessage, InvalidSiweMessage> => {
  const layout = parseCaip122Text(text, "Ethereum")
  if (Result.isFailure(layout)) return fail(layout.failure)
  const { chainId } = layout.success
  if (!/^\d+$/.test(chainId) || !Number.isSafeInteger(Number(chainId)))
    return fail(`Chain ID must be a decimal number, got "${chainId}"`)
  return checkSiweFields({ ...layout.success, chainId: Number(chainId) })
}
