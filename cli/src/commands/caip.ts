import type { ChainId, InvalidCaipId } from "@appkit/core"
import type { Command } from "commander"
import type { Result } from "effect"
import { printReports, type Readable } from "../report"

/**
 * `appkit-cli caip parse ID...`: splits each CAIP-2 chain id or CAIP-10 account id into its parts and says whether
 * it is valid. Syntax follows the CAIP grammar for any namespace; for the namespaces AppKit knows, an
 * account id is only valid when its address is valid for that namespace and chain (`validateAddress`).
 */
type Core = typeof import("@appkit/core")
type Effect = typeof import("effect")

/** A chain id is an account id without an address. */
interface Parsed {
  readonly chainId: ChainId
  readonly address: string | null
}

export interface CaipReport {
  readonly input: string
  readonly kind: "chain_id" | "account_id" | null
  /** Syntax valid and, for an account id on a known namespace, the address is valid for its chain. */
  readonly valid: boolean
  readonly namespace: string | null
  readonly reference: string | null
  readonly address: string | null
  readonly knownNamespace: boolean
  /** bip122 only: the Bitcoin network the reference (genesis hash prefix) names, when it is one we know. */
  readonly bitcoinNetwork: string | null
  readonly normalized: string | null
  readonly error: string | null
}

const emptyReport = (input: string, error: string): CaipReport => ({
  input,
  kind: null,
  valid: false,
  namespace: null,
  reference: null,
  address: null,
  knownNamespace: false,
  bitcoinNetwork: null,
  normalized: null,
  error,
})

const analyse = (core: Core, { Result }: Effect, input: string): CaipReport => {
  const parts = input.split(":").length
  if (parts !== 2 && parts !== 3)
    return emptyReport(
      input,
      `Invalid CAIP id '${input}': expected namespace:reference or namespace:reference:address`,
    )
  const kind = parts === 2 ? "chain_id" : "account_id"
  const parsed: Result.Result<Parsed, InvalidCaipId> =
    parts === 2
      ? Result.map(core.parseChainId(input), (chainId) => ({ chainId, address: null }))
      : core.parseAccountId(input)
  if (Result.isFailure(parsed)) return { ...emptyReport(input, parsed.failure.message), kind }
  const { chainId, address } = parsed.success
  const knownNamespace = core.isChainNamespace(chainId.namespace)
  const bitcoinNetwork =
    chainId.namespace === "bip122" ? (core.bitcoinChainReferences[chainId.reference] ?? null) : null
  const base = { input, kind, ...chainId, address, knownNamespace, bitcoinNetwork } as const
  if (address === null || !knownNamespace) return { ...base, valid: true, normalized: input, error: null }
  const verdict = core.validateAddress(input)
  return { ...base, valid: verdict.valid, normalized: verdict.normalized, error: verdict.error }
}

const readableReport = (report: CaipReport): Readable => ({
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
  const [core, effect] = await Promise.all([import("@appkit/core"), import("effect")])
  printReports(
    ids.map((id) => analyse(core, effect, id)),
    { json: options.json === true, ok: (report) => report.valid, readable: readableReport },
  )
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
