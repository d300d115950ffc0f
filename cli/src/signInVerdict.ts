import type { SiweVerificationError } from "@appkit/core/siwx"
import { Exit, Option } from "effect"
import { CliError, ExitCode, printJson, printLine } from "./output"

/** Verdicts are exit 1; a bad --time or an unreachable RPC says nothing about the message: exit 2. */
const runtimeErrors = new Set<string>(["InvalidVerifyTime", "SiweRpcError"] satisfies Array<
  SiweVerificationError["_tag"]
>)

/**
 * What `siwe verify` and `siwx verify` print for a verification's outcome: `valid: signed by …` (exit 0), or
 * `invalid: <reason>` (exit 1); --json prints {valid, address, reason, error}. A runtime failure is thrown.
 */
export const reportSignInVerdict = (
  exit: Exit.Exit<{ readonly address: string }, { readonly _tag: string; readonly message: string }>,
  json: boolean | undefined,
): void => {
  if (Exit.isSuccess(exit)) {
    if (json) printJson({ valid: true, address: exit.value.address, reason: null, error: null })
    else printLine(`valid: signed by ${exit.value.address}`)
    return
  }
  const error = Option.getOrUndefined(Exit.findErrorOption(exit))
  if (error === undefined) throw new CliError(`Verification failed unexpectedly: ${String(exit.cause)}`)
  if (runtimeErrors.has(error._tag)) throw new CliError(error.message, { code: error._tag })
  if (json) printJson({ valid: false, address: null, reason: error._tag, error: error.message })
  else printLine(`invalid: ${error.message}`)
  process.exitCode = ExitCode.invalid
}
