import { type CaipNetworkId, SiwxMessageData } from "@appkit/core"
import { formatSiwxMessage, generateSiweNonce, verifySiwxMessage } from "@appkit/core/siwx"
import { Effect, Result, Schema } from "effect"
import { readInput } from "../input"
import { readAddress, readChain } from "../inputs"
import { CliError, ExitCode, invalidInput, printJson } from "../output"
import { type SignInFieldOptions, type SignInVerifyOptions, signInChecks } from "../signInOptions"
import { reportSignInVerdict } from "../signInVerdict"

/**
 * `appkit-cli siwx create|verify --chain …`: the CAIP-122 message of the chain's namespace (EIP-4361 on
 * eip155, Sign-In With Solana on solana), rendered and verified by @appkit/core as the sign-in flow does.
 * Exit codes as `siwe`: 0 valid, 1 invalid (the reason is printed), 2 usage or runtime error.
 */

interface CreateOptions extends SignInFieldOptions {
  readonly chain: string
  readonly address: string
  readonly domain: string
  readonly uri: string
  readonly json?: boolean | undefined
}

interface VerifyOptions extends SignInVerifyOptions {
  readonly chain: string
}

/** A chain with a sign-in verifier: eip155 or solana (the others are refused as usage errors, exit 1). */
const signInChain = (value: string): CaipNetworkId => {
  const chain = readChain(value)
  if (chain.namespace !== "eip155" && chain.namespace !== "solana")
    throw invalidInput(
      `--chain: sign-in messages for ${chain.namespace} are not supported (eip155 or solana)`,
    )
  return chain.caip2
}

/** An invalid message or field: the reason on stderr (JSON under --json), exit 1. */
const refusal = (error: { readonly _tag: string; readonly message: string }): CliError =>
  new CliError(error.message, { exitCode: ExitCode.invalid, code: error._tag })

const decodeData = Schema.decodeUnknownResult(SiwxMessageData)

export const siwxCreateAction = (options: CreateOptions): void => {
  const chainId = signInChain(options.chain)
  const optional = {
    statement: options.statement,
    expirationTime: options.expirationTime,
    notBefore: options.notBefore,
    requestId: options.requestId,
    resources: options.resource,
  }
  const data = decodeData({
    accountAddress: readAddress(
      options.address,
      "--address",
      chainId.startsWith("solana:") ? "solana" : "eip155",
    ),
    chainId,
    domain: options.domain,
    uri: options.uri,
    version: "1",
    nonce: options.nonce ?? generateSiweNonce(),
    issuedAt: options.issuedAt ?? new Date().toISOString(),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  })
  if (Result.isFailure(data))
    throw new CliError(`Invalid sign-in message: ${data.failure.message.replace(/\s*\n\s*/g, " ")}`, {
      exitCode: ExitCode.invalid,
      code: "InvalidSiweMessage",
    })
  const message = formatSiwxMessage(data.success)
  if (Result.isFailure(message)) throw refusal(message.failure)
  if (options.json) printJson({ message: message.success, fields: data.success })
  // The exact text to sign: a final newline only for a person at a terminal, so `> file` keeps the bytes.
  else process.stdout.write(process.stdout.isTTY ? `${message.success}\n` : message.success)
}

export const siwxVerifyAction = async (options: VerifyOptions): Promise<void> => {
  const chainId = signInChain(options.chain)
  const message = await readInput(options.messageFile, "the message")
  const exit = await Effect.runPromiseExit(
    verifySiwxMessage(chainId, message, options.signature, signInChecks(options)),
  )
  reportSignInVerdict(exit, options.json)
}
