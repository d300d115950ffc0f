import { chainNamespaces } from "@appkit/core"
import { type AddressVerdict, bitcoinNetworks, validateAddress } from "@appkit/core/validation"
import { CliError, ExitCode, invalidInput } from "../output"
import { printReports, type Readable, shownInput } from "../report"

/**
 * `appkit-cli address validate`: the exact address check of @appkit/core (`validateAddress`) for one
 * address or CAIP-10 id, or for a stream of them (`--stdin`, one per line, one result per line, in order).
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

/** Resolves once stdout can take more (or has failed: the failure itself is handled by the caller). */
const stdoutReady = (): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      process.stdout.off("drain", done)
      process.stdout.off("error", done)
      resolve()
    }
    process.stdout.once("drain", done)
    process.stdout.once("error", done)
  })

/**
 * Validates stdin line by line, writing each result as soon as it is known. Waiting for stdout's drain keeps
 * memory flat on a huge input; a reader that goes away (`| head`) simply ends the run, as with any Unix tool.
 */
const validateStream = async (validate: (input: string) => Verdict, json: boolean): Promise<boolean> => {
  const { createInterface } = await import("node:readline")
  // crlfDelay: a \r\n split across chunks is still one line break; every other byte of a line is input.
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
  let writeFailure: NodeJS.ErrnoException | undefined
  const stop = (error: NodeJS.ErrnoException) => {
    writeFailure = error
    lines.close()
  }
  process.stdout.on("error", stop)
  let allValid = true
  try {
    for await (const line of lines) {
      const verdict = validate(line)
      allValid &&= verdict.valid
      if (!process.stdout.write(`${json ? JSON.stringify(verdict) : streamLine(verdict)}\n`))
        await stdoutReady()
      if (writeFailure) break
    }
  } finally {
    process.stdout.off("error", stop)
  }
  if (writeFailure && writeFailure.code !== "EPIPE") throw writeFailure
  return allValid
}

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

  if (address !== undefined)
    return printReports([validate(address)], {
      json: options.json === true,
      ok: (verdict) => verdict.valid,
      readable: readableVerdict,
    })
  if (!(await validateStream(validate, options.json === true))) process.exitCode = ExitCode.invalid
}
