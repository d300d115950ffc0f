import { chainNamespaces } from "@appkit/core"
import { type AddressVerdict, bitcoinNetworks, validateAddress } from "@appkit/core/validation"
import { CliError, ExitCode, invalidInput } from "../output"
import { printReports, type Readable, shownInput } from "../report"
import { answerStdinLines } from "../stdinLines"

/**
 * `appkit-cli address validate`: the exact address check of @appkit/core (`validateAddress`) for one
 * address or CAIP-10 id, or for a stream of them (`-` or `--stdin`, one per line, one result per line, in order).
 * Exit 0 when every input is valid, 1 when any is invalid, 2 for usage errors.
 */
interface ValidateOptions {
  readonly namespace?: string | undefined
  readonly network?: string | undefined
  readonly stdin?: boolean | undefined
  readonly json?: boolean | undefined
}

type Verdict = AddressVerdict

const describeValid = (verdict: Verdict): string => {
  const parts = [verdict.namespace, verdict.network, verdict.type].filter((part) => part !== null)
  const normalized = verdict.normalized !== verdict.input ? `  → ${verdict.normalized}` : ""
  return `${parts.join(" ")}${normalized}`
}

/** One line per input in a stream: a fixed-width verdict column, the input, then what we found. */
const streamLine = (verdict: Verdict): string =>
  `${verdict.valid ? "valid  " : "invalid"}  ${shownInput(verdict.input)}  ${verdict.valid ? describeValid(verdict) : verdict.error}`

const readableVerdict = (verdict: Verdict): Readable => ({
  title: `${shownInput(verdict.input)}: ${verdict.valid ? "valid" : "invalid"}`,
  rows: [
    ["namespace", verdict.namespace],
    ["network", verdict.network],
    ["type", verdict.type],
    ["normalized", verdict.normalized !== verdict.input && verdict.normalized],
    ["error", verdict.error],
  ],
})

export const validateAction = async (
  address: string | undefined,
  options: ValidateOptions,
): Promise<void> => {
  if (options.stdin && address !== undefined) throw new CliError("Give either ADDRESS or --stdin, not both")
  if (!options.stdin && address === undefined) throw new CliError("Missing ADDRESS (or use --stdin)")
  const namespace = chainNamespaces.find((known) => known === options.namespace)
  const network = bitcoinNetworks.find((known) => known === options.network)
  if (options.namespace !== undefined && namespace === undefined)
    throw invalidInput(
      `Unknown --namespace '${options.namespace}' (expected one of ${chainNamespaces.join(", ")})`,
    )
  if (options.network !== undefined && network === undefined)
    throw invalidInput(
      `Unknown --network '${options.network}' (expected one of ${bitcoinNetworks.join(", ")})`,
    )
  // Only Bitcoin addresses name a network; asking for one on another namespace would be silently ignored.
  if (network !== undefined && namespace !== undefined && namespace !== "bip122")
    throw invalidInput(`--network applies to bip122 addresses, not ${namespace}`)
  // A Bitcoin network asks about Bitcoin: without --namespace it holds the input to bip122, as an EVM or
  // Solana address is on no Bitcoin network (detection alone would call one valid, the network unheard).
  const held = namespace ?? (network !== undefined ? "bip122" : undefined)
  const validateOptions = {
    ...(held !== undefined ? { namespace: held } : {}),
    ...(network !== undefined ? { network } : {}),
  }
  const validate = (input: string) => validateAddress(input, validateOptions)

  // `-` is stdin, as for every command that reads input (no address is spelt "-"); so is --stdin.
  if (address !== undefined && address !== "-")
    return printReports([validate(address)], {
      json: options.json === true,
      ok: (verdict) => verdict.valid,
      readable: readableVerdict,
    })
  let allValid = true
  await answerStdinLines((line) => {
    const verdict = validate(line)
    allValid &&= verdict.valid
    return `${options.json ? JSON.stringify(verdict) : streamLine(verdict)}\n`
  })
  if (!allValid) process.exitCode = ExitCode.invalid
}
