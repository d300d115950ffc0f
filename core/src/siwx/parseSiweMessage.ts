import { Result } from "effect"
import { createSiweMessage, ethereumHeader, InvalidSiweMessage, type SiweMessage } from "./SiweMessage"

const headerPattern = /^(?:([A-Za-z][A-Za-z0-9+\-.]*):\/\/)?(.*)$/

const fail = (message: string) =>
  Result.fail(new InvalidSiweMessage({ message: `Invalid SIWE message: ${message}` }))

/**
 * Parses EIP-4361 text line by line in the ABNF's fixed order, then checks every field with the same
 * rules as `createSiweMessage`, so parse and create accept exactly the same messages. Lines end in LF,
 * with no final newline: the text is taken as signed, and a message that only fails for its line ends is
 * told so rather than blamed on a field.
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
  const lines = text.split("\n")
  let at = 0
  const next = () => lines[at++]

  const header = next() ?? ""
  if (!header.endsWith(ethereumHeader)) return fail(`the first line must end with "${ethereumHeader.trim()}"`)
  const [, scheme, domain = ""] = headerPattern.exec(header.slice(0, -ethereumHeader.length)) ?? []
  const address = next()
  if (next() !== "") return fail("expected an empty line after the address")
  let statement: string | undefined = next()
  if (statement === "") statement = undefined
  else if (next() !== "") return fail("expected an empty line after the statement (it must be one line)")

  /** The value of the next line if it starts with `label`, else undefined (and the line is not used). */
  const tagged = (label: string): string | undefined => {
    const line = lines[at]
    if (line === undefined || !line.startsWith(label)) return undefined
    at++
    return line.slice(label.length)
  }
  const required: Array<readonly [string, string]> = [
    ["uri", "URI: "],
    ["version", "Version: "],
    ["chainId", "Chain ID: "],
    ["nonce", "Nonce: "],
    ["issuedAt", "Issued At: "],
  ]
  const fields: Record<string, unknown> = { domain, address }
  if (scheme !== undefined) fields.scheme = scheme
  if (statement !== undefined) fields.statement = statement
  for (const [key, label] of required) {
    const value = tagged(label)
    if (value === undefined) return fail(`expected "${label.trim()}" on line ${at + 1}`)
    fields[key] = value
  }
  for (const [key, label] of [
    ["expirationTime", "Expiration Time: "],
    ["notBefore", "Not Before: "],
    ["requestId", "Request ID: "],
  ] as const) {
    const value = tagged(label)
    if (value !== undefined) fields[key] = value
  }
  if (lines[at] === "Resources:") {
    at++
    const resources: Array<string> = []
    for (let line = lines[at]; line?.startsWith("- "); line = lines[++at]) resources.push(line.slice(2))
    fields.resources = resources
  }
  if (at < lines.length) return fail(`unexpected line ${at + 1}: "${lines[at]}"`)

  const chainId = String(fields.chainId)
  if (!/^\d+$/.test(chainId) || !Number.isSafeInteger(Number(chainId)))
    return fail(`Chain ID must be a decimal number, got "${chainId}"`)
  return createSiweMessage({ ...fields, chainId: Number(chainId) })
}
