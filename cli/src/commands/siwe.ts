import type { SiweMessage } from "@appkit/core/siwx"
import type { Command } from "commander"
import { formatFields } from "../fields"
import { CliError, ExitCode, printJson, printLine } from "../output"

/**
 * `appkit-cli siwe create|parse|verify`: Sign-In with Ethereum (EIP-4361) messages through @appkit/core.
 * Exit codes: 0 valid, 1 invalid (the reason is printed), 2 usage or runtime error (a bad --time, an
 * unreadable file, an unreachable --rpc-url).
 */

interface CreateOptions {
  readonly domain: string
  readonly address: string
  readonly uri: string
  readonly chainId: string
  readonly nonce?: string | undefined
  readonly statement?: string | undefined
  readonly issuedAt?: string | undefined
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
  readonly requestId?: string | undefined
  readonly resource?: ReadonlyArray<string> | undefined
  readonly scheme?: string | undefined
  readonly json?: boolean | undefined
}

interface VerifyOptions {
  readonly messageFile: string
  readonly signature: string
  readonly domain?: string | undefined
  readonly nonce?: string | undefined
  readonly time?: string | undefined
  readonly rpcUrl?: string | undefined
  readonly json?: boolean | undefined
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = ""
  for await (const chunk of stream) text += chunk.toString()
  return text
}

/**
 * A message from a file or stdin ("-"). Editors and `echo` add one final newline, which is not part of
 * the signed text; CRLF line ends are refused because the wallet signed LF text.
 */
const readMessage = async (file: string): Promise<string> => {
  const { readFile } = await import("node:fs/promises")
  const raw =
    file === "-"
      ? await readAll(process.stdin)
      : await readFile(file, "utf8").catch((error: Error) => {
          throw new CliError(`Cannot read ${file}: ${error.message}`)
        })
  if (raw.includes("\r")) throw new CliError("The message has CRLF line ends; EIP-4361 messages use LF only")
  return raw.endsWith("\n") ? raw.slice(0, -1) : raw
}

const fieldRows = (message: SiweMessage): Array<readonly [string, string]> => {
  const rows: Array<readonly [string, string]> = []
  if (message.scheme !== undefined) rows.push(["scheme", message.scheme])
  rows.push(["domain", message.domain], ["address", message.address])
  if (message.statement !== undefined) rows.push(["statement", message.statement])
  rows.push(
    ["uri", message.uri],
    ["version", message.version],
    ["chainId", String(message.chainId)],
    ["nonce", message.nonce],
    ["issuedAt", message.issuedAt],
  )
  if (message.expirationTime !== undefined) rows.push(["expirationTime", message.expirationTime])
  if (message.notBefore !== undefined) rows.push(["notBefore", message.notBefore])
  if (message.requestId !== undefined) rows.push(["requestId", message.requestId])
  for (const resource of message.resources ?? []) rows.push(["resource", resource])
  return rows
}

/** An invalid message or field: the reason on stderr, exit 1 (a verdict, not a usage error). */
const refuse = (reason: string): void => {
  process.stderr.write(`${reason}\n`)
  process.exitCode = ExitCode.invalid
}

const createAction = async (options: CreateOptions): Promise<void> => {
  const [core, { Result }] = await Promise.all([import("@appkit/core/siwx"), import("effect")])
  if (!/^\d+$/.test(options.chainId))
    throw new CliError(`--chain-id must be a decimal number, got ${options.chainId}`)
  const optional = {
    scheme: options.scheme,
    statement: options.statement,
    expirationTime: options.expirationTime,
    notBefore: options.notBefore,
    requestId: options.requestId,
    resources: options.resource,
  }
  const created = core.createSiweMessage({
    domain: options.domain,
    address: options.address,
    uri: options.uri,
    version: "1",
    chainId: Number(options.chainId),
    nonce: options.nonce ?? core.generateSiweNonce(),
    issuedAt: options.issuedAt ?? new Date().toISOString(),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  })
  if (Result.isFailure(created)) return refuse(created.failure.message)
  const message = core.formatSiweMessage(created.success)
  if (options.json) printJson({ message, fields: created.success })
  else printLine(message)
}

const parseAction = async (file: string | undefined, options: { readonly json?: boolean | undefined }) => {
  const [core, { Result }] = await Promise.all([import("@appkit/core/siwx"), import("effect")])
  const parsed = core.parseSiweMessage(await readMessage(file ?? "-"))
  if (Result.isFailure(parsed)) return refuse(parsed.failure.message)
  if (options.json) printJson(parsed.success)
  else for (const line of formatFields(fieldRows(parsed.success))) printLine(line)
}

/** Verdicts are exit 1; a bad --time or an unreachable RPC says nothing about the message: exit 2. */
const runtimeErrors = new Set(["InvalidVerifyTime", "SiweRpcError"])

const verifyAction = async (options: VerifyOptions): Promise<void> => {
  const [core, { Effect, Exit, Option }] = await Promise.all([import("@appkit/core/siwx"), import("effect")])
  const message = await readMessage(options.messageFile)
  const verifyOptions = Object.fromEntries(
    Object.entries({
      domain: options.domain,
      nonce: options.nonce,
      time: options.time,
      rpcUrl: options.rpcUrl,
    }).filter(([, value]) => value !== undefined),
  )
  const exit = await Effect.runPromiseExit(core.verifySiweMessage(message, options.signature, verifyOptions))
  if (Exit.isSuccess(exit)) {
    if (options.json) printJson({ valid: true, address: exit.value.address, reason: null, error: null })
    else printLine(`valid: signed by ${exit.value.address}`)
    return
  }
  const error = Option.getOrUndefined(Exit.findErrorOption(exit))
  if (error === undefined)
    throw new CliError(`Verification failed unexpectedly: ${String(Exit.isFailure(exit) && exit.cause)}`)
  if (runtimeErrors.has(error._tag)) throw new CliError(error.message)
  if (options.json) printJson({ valid: false, address: null, reason: error._tag, error: error.message })
  else printLine(`invalid: ${error.message}`)
  process.exitCode = ExitCode.invalid
}

const collect = (value: string, previous: ReadonlyArray<string> = []): ReadonlyArray<string> => [
  ...previous,
  value,
]

export const register = (program: Command): void => {
  const siwe = program
    .command("siwe")
    .description("Create, parse and verify Sign-In with Ethereum (EIP-4361) messages")
  siwe
    .command("create")
    .description("Render an EIP-4361 message from its fields; exit 1 (with the reason) if a field is invalid")
    .requiredOption(
      "--domain <AUTHORITY>",
      "the site asking for the sign-in, e.g. app.example or localhost:3000",
    )
    .requiredOption("--address <ADDRESS>", "the EIP-55 checksummed account address")
    .requiredOption("--uri <URI>", "the RFC 3986 URI the sign-in is for")
    .requiredOption("--chain-id <N>", "the EIP-155 chain id")
    .option("--nonce <NONCE>", "at least 8 letters or digits (default: 16 random ones)")
    .option("--statement <TEXT>", "one line of text shown to the user")
    .option("--issued-at <ISO>", "RFC 3339 time (default: now)")
    .option("--expiration-time <ISO>", "RFC 3339 time after which the message is expired")
    .option("--not-before <ISO>", "RFC 3339 time before which the message is not yet valid")
    .option("--request-id <ID>", "an id for the request")
    .option("--resource <URI>", "a resource URI (repeatable)", collect)
    .option("--scheme <SCHEME>", "the optional scheme in front of the domain, e.g. https")
    .option("--json", "print {message, fields}")
    .action(createAction)
  siwe
    .command("parse")
    .description("Parse an EIP-4361 message (exact ABNF) and print its fields; exit 1 if it is malformed")
    .argument("[FILE]", "file holding the message, or - (default) for stdin")
    .option("--json", "print the fields as one JSON object")
    .action(parseAction)
  siwe
    .command("verify")
    .description("Verify a signed EIP-4361 message; exit 0 valid, 1 invalid (with the reason), 2 usage error")
    .requiredOption("--message-file <FILE>", "file holding the signed message, or - for stdin")
    .requiredOption("--signature <HEX>", "the 0x-prefixed personal_sign signature")
    .option("--domain <AUTHORITY>", "require this domain")
    .option("--nonce <NONCE>", "require this nonce")
    .option("--time <ISO>", "check the validity window at this RFC 3339 time (default: now)")
    .option("--rpc-url <URL>", "RPC of the message's chain, to verify contract wallets (EIP-1271)")
    .option("--json", "print {valid, address, reason, error}")
    .action(verifyAction)
}
