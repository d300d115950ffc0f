import { addressNetworkOf } from "@appkit/core/bitcoin"
import { decodePsbt, summarizePsbt } from "@appkit/core/bitcoin/tools"
import { Result } from "effect"
import { resolveBtcNetwork } from "../btcNetwork"
import { formatFields } from "../fields"
import { ExitCode, printJson, printLine } from "../output"
import { notAPsbt, readPsbtBytes } from "../psbtInput"
import { formatTable } from "../table"

/**
 * `appkit-cli psbt inspect PSBT|FILE|-`: what a PSBT would do before anyone signs it — version, inputs (which
 * are signed), outputs, fee. Exit 1 with the reason when it is not a valid PSBT (BIP-174/370) or pays
 * out more than it spends.
 */
interface InspectOptions {
  readonly network?: string | undefined
  readonly json?: boolean | undefined
}

const sats = (value: bigint | undefined) => (value === undefined ? "?" : `${value} sat`)

export const inspectAction = async (source: string, options: InspectOptions) => {
  const network = resolveBtcNetwork(options.network, "Mainnet")
  const bytes = await readPsbtBytes(source)
  const decoded = bytes === undefined ? undefined : decodePsbt(bytes)
  if (decoded === undefined || decoded._tag === "Failure") {
    const reason = decoded === undefined ? notAPsbt : decoded.failure.reason
    if (options.json) printJson({ valid: false, reason })
    else printLine(`invalid: ${reason}`)
    process.exitCode = ExitCode.invalid
    return
  }
  const summary = summarizePsbt(decoded.success, addressNetworkOf(network))
  const overspent = summary.fee !== undefined && summary.fee < 0n
  if (options.json) {
    // The output contract's money: `fee` an exact BTC decimal, `feeUnits` its satoshis.
    const { formatUnits } = await import("@appkit/core/validation")
    const fee = summary.fee
    printJson({
      valid: !overspent,
      ...(overspent ? { reason: "outputs exceed inputs" } : {}),
      ...summary,
      ...(fee === undefined ? {} : { fee: Result.getOrThrow(formatUnits(fee, 8)), feeUnits: fee }),
    })
  } else {
    for (const line of formatFields([
      ["version", `PSBTv${summary.version} (transaction version ${summary.txVersion})`],
      [
        "lock time",
        summary.lockTime === undefined ? "cannot be determined (inputs disagree)" : String(summary.lockTime),
      ],
      [
        "inputs",
        `${summary.inputs.length} (${summary.inputs.filter((input) => input.signed).length} signed)`,
      ],
      ["outputs", String(summary.outputs.length)],
      [
        "fee",
        summary.fee !== undefined
          ? `${summary.fee} sat`
          : summary.inputs.length === 0
            ? "none yet (no inputs)"
            : "unknown (an input's amount is missing)",
      ],
    ]))
      printLine(line)
    if (summary.inputs.length > 0) {
      printLine("")
      for (const line of formatTable(
        [
          { header: "#", cell: (input: (typeof summary.inputs)[number]) => String(input.index) },
          { header: "Spends", cell: (input) => `${input.txid}:${input.vout}` },
          { header: "Amount", cell: (input) => sats(input.value) },
          { header: "Address", cell: (input) => input.address ?? "" },
          {
            header: "Signed",
            cell: (input) => (input.finalized ? "final" : input.signed ? `yes (${input.signatures})` : "no"),
          },
        ],
        summary.inputs,
      ))
        printLine(line)
    }
    if (summary.outputs.length > 0) {
      printLine("")
      for (const line of formatTable(
        [
          { header: "#", cell: (output: (typeof summary.outputs)[number]) => String(output.index) },
          { header: "Amount", cell: (output) => `${output.value} sat` },
          { header: "To", cell: (output) => output.address ?? `script ${output.script}` },
        ],
        summary.outputs,
      ))
        printLine(line)
    }
    if (overspent) printLine(`invalid: outputs exceed inputs by ${-(summary.fee as bigint)} sat`)
  }
  if (overspent) process.exitCode = ExitCode.invalid
}
