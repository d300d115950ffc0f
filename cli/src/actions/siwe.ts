import {
  createSiweMessage,
  formatSiweMessage,
  generateSiweNonce,
  parseSiweMessage,
  type SiweMessage,
  verifySiweMessage,
} from "@appkit/core/siwx"
import { Effect, Result } from "effect"
import { formatFields } from "../fields"
import { readInput } from "../input"
import { readEvmAddress } from "../inputs"
import { CliError, ExitCode, invalidInput, printJson, printLine } from "../output"
import { type SignInFieldOptions, type SignInVerifyOptions, signInChecks } from "../signInOptions"
import { reportSignInVerdict } from "../signInVerdict"

/**
 * `appkit-cli siwe create|parse|verify`: Sign-In with Ethereum (EIP-4361) messages through @appkit/core.
 * Exit codes: 0 valid, 1 invalid (the reason is printed), 2 usage or runtime error (a bad --time, an
 * unreadable file, an unreachable --rpc-url).
 */

interface CreateOptions extends SignInFieldOptions {
  readonly domain: string
  readonly address: string
  readonly uri: string
  readonly chainId: string
  readonly scheme?: string | undefined
  readonly json?: boolean | undefined
}

type VerifyOptions = SignInVerifyOptions

/**
 * The message exactly as signed: the file's (or stdin's) bytes as they are, a final newline included,
 * since a wallet signs every byte. Whether the text is a well-formed EIP-4361 message is the parser's to
 * say (it names a final line break or CRLF line ends as such).
 */
const readMessage = (file: string): Promise<string> => readInput(file, "the message")

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

/** An invalid message or field: the reason on stderr (JSON under --json), exit 1. */
const refusal = (error: { readonly _tag: string; readonly message: string }): CliError =>
  new CliError(error.message, { exitCode: ExitCode.invalid, code: error._tag })

export const createAction = (options: CreateOptions): void => {
  if (!/^(0|[1-9]\d{0,15})$/.test(options.chainId) || !Number.isSafeInteger(Number(options.chainId)))
    throw invalidInput(`--chain-id must be a decimal chain id, got '${options.chainId}'`)
  const optional = {
    scheme: options.scheme,
    statement: options.statement,
    expirationTime: options.expirationTime,
    notBefore: options.notBefore,
    requestId: options.requestId,
    resources: options.resource,
  }
  const created = createSiweMessage({
    domain: options.domain,
    address: readEvmAddress(options.address, "--address"),
    uri: options.uri,
    version: "1",
    chainId: Number(options.chainId),
    nonce: options.nonce ?? generateSiweNonce(),
    issuedAt: options.issuedAt ?? new Date().toISOString(),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  })
  if (Result.isFailure(created)) throw refusal(created.failure)
  const message = formatSiweMessage(created.success)
  if (options.json) printJson({ message, fields: created.success })
  // The exact text to sign: a final newline only for a person at a terminal, so `> file` keeps the bytes.
  else process.stdout.write(process.stdout.isTTY ? `${message}\n` : message)
}

export const parseAction = async (
  file: string | undefined,
  options: { readonly json?: boolean | undefined },
) => {
  const parsed = parseSiweMessage(await readMessage(file ?? "-"))
  if (Result.isFailure(parsed)) throw refusal(parsed.failure)
  if (options.json) printJson(parsed.success)
  else for (const line of formatFields(fieldRows(parsed.success))) printLine(line)
}

export const verifyAction = async (options: VerifyOptions): Promise<void> => {
  const message = await readMessage(options.messageFile)
  const exit = await Effect.runPromiseExit(
    verifySiweMessage(message, options.signature, signInChecks(options)),
  )
  reportSignInVerdict(exit, options.json)
}
