import { type CaipIdReport, inspectCaipId } from "@appkit/core/validation"
import { CliError } from "../output"
import { printReports, printStdinReports, type Readable, shownInput } from "../report"

/**
 * `appkit-cli caip parse ID...`: core's `inspectCaipId` for each CAIP-2 chain id or CAIP-10 account id —
 * its parts, and whether it is valid (for the namespaces AppKit knows, an account id's address must be valid
 * for that namespace and chain). `-` reads the ids from stdin, one per line. Exit 0 if all are valid, 1 if any
 * is not.
 */
const readableReport = (report: CaipIdReport): Readable => ({
  title: `${shownInput(report.input)}: ${report.valid ? "valid" : "invalid"}`,
  rows: [
    ["kind", report.kind && (report.kind === "chain_id" ? "chain id (CAIP-2)" : "account id (CAIP-10)")],
    [
      "namespace",
      report.namespace &&
        `${report.namespace}${report.knownNamespace ? "" : " (not a namespace AppKit connects on)"}`,
    ],
    ["reference", report.reference],
    ["bitcoin network", report.bitcoinNetwork],
    ["address", report.address],
    ["normalized", report.normalized !== report.input && report.normalized],
    ["error", report.error],
  ],
})

export const parseAction = (ids: ReadonlyArray<string>, options: { readonly json?: boolean | undefined }) => {
  const reports = {
    json: options.json === true,
    ok: (report: CaipIdReport) => report.valid,
    readable: readableReport,
  }
  // `-` is stdin (one id per line), as for every command that reads input: no CAIP id is spelt "-".
  if (!ids.includes("-")) return printReports(ids.map(inspectCaipId), reports)
  if (ids.length > 1) throw new CliError("Give either IDs or - (one id per line on stdin), not both")
  return printStdinReports(inspectCaipId, reports)
}
