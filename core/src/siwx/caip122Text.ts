import { Result } from "effect"

/**
 * The text layout CAIP-122 sign-in messages share across namespaces (EIP-4361 for eip155, the Solana
 * namespace's profile for solana): a header naming the blockchain, the address, an optional statement, then
 * tagged lines in a fixed order. Only the layout lives here; each namespace checks its own field rules.
 */
export interface Caip122Text {
  /** EIP-4361's optional `scheme://` before the domain. */
  readonly scheme?: string | undefined
  readonly domain: string
  readonly address: string
  readonly statement?: string | undefined
  readonly uri: string
  readonly version: string
  /** As the message writes it: a decimal on eip155, the CAIP-2 reference on solana. */
  readonly chainId: string
  readonly nonce: string
  readonly issuedAt: string
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/** What follows the domain on the first line, e.g. " wants you to sign in with your Solana account:". */
export const caip122Header = (blockchain: string) => ` wants you to sign in with your ${blockchain} account:`

/** Renders the exact text (LF line ends, no trailing newline) a wallet signs. */
export const formatCaip122Text = (blockchain: string, message: Caip122Text): string => {
  const prefix = message.scheme === undefined ? "" : `${message.scheme}://`
  const lines = [`${prefix}${message.domain}${caip122Header(blockchain)}`, message.address, ""]
  if (message.statement !== undefined) lines.push(message.statement)
  lines.push(
    "",
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${message.chainId}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt}`,
  )
  if (message.expirationTime !== undefined) lines.push(`Expiration Time: ${message.expirationTime}`)
  if (message.notBefore !== undefined) lines.push(`Not Before: ${message.notBefore}`)
  if (message.requestId !== undefined) lines.push(`Request ID: ${message.requestId}`)
  if (message.resources !== undefined) lines.push("Resources:", ...message.resources.map((uri) => `- ${uri}`))
  return lines.join("\n")
}

const headerPattern = /^(?:([A-Za-z][A-Za-z0-9+\-.]*):\/\/)?(.*)$/

/**
 * Splits the text into its fields line by line, in the layout's fixed order; the values are raw strings for
 * the namespace's own checks. Fails with the first place the layout breaks.
 */
export const parseCaip122Text = (text: string, blockchain: string): Result.Result<Caip122Text, string> => {
  const header = caip122Header(blockchain)
  const lines = text.split("\n")
  let at = 0
  const next = () => lines[at++]

  const first = next() ?? ""
  if (!first.endsWith(header)) return Result.fail(`the first line must end with "${header.trim()}"`)
  const [, scheme, domain = ""] = headerPattern.exec(first.slice(0, -header.length)) ?? []
  const address = next() ?? ""
  if (next() !== "") return Result.fail("expected an empty line after the address")
  let statement: string | undefined = next()
  if (statement === "") statement = undefined
  else if (next() !== "")
    return Result.fail("expected an empty line after the statement (it must be one line)")

  /** The value of the next line if it starts with `label`, else undefined (and the line is not used). */
  const tagged = (label: string): string | undefined => {
    const line = lines[at]
    if (line === undefined || !line.startsWith(label)) return undefined
    at++
    return line.slice(label.length)
  }
  const required: Record<string, string> = {}
  for (const [key, label] of [
    ["uri", "URI: "],
    ["version", "Version: "],
    ["chainId", "Chain ID: "],
    ["nonce", "Nonce: "],
    ["issuedAt", "Issued At: "],
  ] as const) {
    const value = tagged(label)
    if (value === undefined) return Result.fail(`expected "${label.trim()}" on line ${at + 1}`)
    required[key] = value
  }
  const expirationTime = tagged("Expiration Time: ")
  const notBefore = tagged("Not Before: ")
  const requestId = tagged("Request ID: ")
  let resources: Array<string> | undefined
  if (lines[at] === "Resources:") {
    at++
    resources = []
    for (let line = lines[at]; line?.startsWith("- "); line = lines[++at]) resources.push(line.slice(2))
  }
  if (at < lines.length) return Result.fail(`unexpected line ${at + 1}: "${lines[at]}"`)
  return Result.succeed({
    ...(scheme === undefined ? {} : { scheme }),
    domain,
    address,
    ...(statement === undefined ? {} : { statement }),
    uri: required.uri ?? "",
    version: required.version ?? "",
    chainId: required.chainId ?? "",
    nonce: required.nonce ?? "",
    issuedAt: required.issuedAt ?? "",
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(notBefore === undefined ? {} : { notBefore }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(resources === undefined ? {} : { resources }),
  })
}
