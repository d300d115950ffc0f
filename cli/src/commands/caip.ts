import type { CaipIdReport } from "@appkit/core/validation"
import type { Command } from "commander"
import { printReports, type Readable } from "../report"

/**
 * `appkit-cli caip parse ID...`: core's `inspectCaipId` for each CAIP-2 chain id or CAIP-10 account id —
 * its parts, and whether it is valid (for the namespaces AppKit knows, an account id's address must be valid
 * for that namespace and chain). Exit 0 if all are valid, 1 if any is not.
 */
const readableReport = (report: CaipIdReport): Readable => ({
  title: `${report.input}: ${report.valid ? "valid" : "invalid"}`,
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

const parseAction = async (ids: ReadonlyArray<string>, options: { readonly json?: boolean | undefined }) => {
  const { inspectCaipId } = await import("@appkit/core/validation")
  printReports(ids.map(inspectCaipId), {
    json: options.json === true,
    ok: (report) => report.valid,
    readable: readableReport,
  })
}

export const register = (program: Command): void => {
  program
    .command("caip")
    .description("Inspect CAIP-2 chain ids and CAIP-10 account ids")
    .command("parse")
    .description(
      "Split CAIP ids into namespace, reference and address; exit 0 if all are valid, 1 if any is not",
    )
    .argument(
      "<ID...>",
      "chain ids (eip155:1) or account ids (eip155:1:0xab16…); one report (JSON line) each",
    )
    .option(
      "--json",
      "print {input, kind, valid, namespace, reference, address, knownNamespace, bitcoinNetwork, normalized, error}",
    )
    .action(parseAction)
}
