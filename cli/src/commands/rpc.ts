import type { RpcMethodPolicy } from "@appkit/core"
import type { Command } from "commander"
import { CliError } from "../output"
import { printReports, type Readable } from "../report"

/**
 * `appkit-cli rpc check METHOD...`: what AppKit's RPC policy (§5/§6) says about wallet methods — allowed,
 * needs the user's approval, needs a connected provider. Exit 0 if all are allowed, 1 if any is not.
 */
interface CheckOptions {
  readonly namespace?: string | undefined
  readonly json?: boolean | undefined
}

const yesNo = (value: boolean): string => (value ? "yes" : "no")

/** The policy as printed: JSON has no undefined, so an unlisted method's namespace is null. */
interface PolicyReport extends Omit<RpcMethodPolicy, "namespace"> {
  readonly namespace: NonNullable<RpcMethodPolicy["namespace"]> | null
  readonly error: string | null
}

const readablePolicy = (report: PolicyReport): Readable => ({
  title: `${report.method}: ${report.allowed ? "allowed" : "not allowed"}`,
  rows: [
    ["allowed", report.allowed ? `yes (${report.namespace} list)` : `no (${report.error})`],
    ["needs approval", yesNo(report.needsApproval)],
    ["needs connected provider", yesNo(report.needsConnectedProvider)],
  ],
})

const checkAction = async (methods: ReadonlyArray<string>, options: CheckOptions): Promise<void> => {
  const { rpcMethodPolicy, rpcPolicyMessages, rpcPolicyNamespaces } = await import("@appkit/core")
  const namespace = rpcPolicyNamespaces.find((known) => known === options.namespace)
  if (options.namespace !== undefined && namespace === undefined)
    throw new CliError(
      `Unknown --namespace '${options.namespace}' (expected one of ${rpcPolicyNamespaces.join(", ")})`,
    )
  const reports = methods.map((method): PolicyReport => {
    const policy = rpcMethodPolicy(method, namespace)
    return {
      ...policy,
      namespace: policy.namespace ?? null,
      error: policy.allowed ? null : rpcPolicyMessages.methodNotAllowed,
    }
  })
  printReports(reports, {
    json: options.json === true,
    ok: (report) => report.allowed,
    readable: readablePolicy,
  })
}

export const register = (program: Command): void => {
  program
    .command("rpc")
    .description("Inspect AppKit's wallet RPC policy")
    .command("check")
    .description(
      "Is each METHOD allowed, does it need approval, a connected provider? Exit 0 if all are allowed, 1 if not",
    )
    .argument("<METHOD...>", "JSON-RPC method names, e.g. eth_sendTransaction; one report (JSON line) each")
    .option(
      "--namespace <NS>",
      "check one namespace's list: eip155, solana, bip122 (default: the eip155 + solana list)",
    )
    .option("--json", "print {method, allowed, namespace, needsApproval, needsConnectedProvider, error}")
    .action(checkAction)
}
