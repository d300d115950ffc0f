import type { Command } from "commander"
import { formatFields } from "../fields"
import { CliError, ExitCode, printJson, printLine } from "../output"

/**
 * `appkit-cli rpc check METHOD...`: what AppKit's RPC policy (§5/§6) says about wallet methods — allowed,
 * needs the user's approval, needs a connected provider. Exit 0 if all are allowed, 1 if any is not.
 */
interface CheckOptions {
  readonly namespace?: string | undefined
  readonly json?: boolean | undefined
}

const yesNo = (value: boolean): string => (value ? "yes" : "no")

type Policy = ReturnType<typeof import("@appkit/core")["rpcMethodPolicy"]>

const printPolicy = (policy: Policy, error: string | null): void => {
  printLine(`${policy.method}: ${policy.allowed ? "allowed" : "not allowed"}`)
  const rows: Array<readonly [string, string]> = [
    ["allowed", policy.allowed ? `yes (${policy.namespace} list)` : `no (${error})`],
    ["needs approval", yesNo(policy.needsApproval)],
    ["needs connected provider", yesNo(policy.needsConnectedProvider)],
  ]
  for (const line of formatFields(rows)) printLine(line)
}

const checkAction = async (methods: ReadonlyArray<string>, options: CheckOptions): Promise<void> => {
  const { rpcMethodPolicy, rpcPolicyMessages, rpcPolicyNamespaces } = await import("@appkit/core")
  const namespace = rpcPolicyNamespaces.find((known) => known === options.namespace)
  if (options.namespace !== undefined && namespace === undefined)
    throw new CliError(
      `Unknown --namespace '${options.namespace}' (expected one of ${rpcPolicyNamespaces.join(", ")})`,
    )
  let allAllowed = true
  methods.forEach((method, index) => {
    const policy = rpcMethodPolicy(method, namespace)
    const error = policy.allowed ? null : rpcPolicyMessages.methodNotAllowed
    allAllowed &&= policy.allowed
    if (options.json) printJson({ ...policy, namespace: policy.namespace ?? null, error })
    else {
      if (index > 0) printLine("")
      printPolicy(policy, error)
    }
  })
  if (!allAllowed) process.exitCode = ExitCode.invalid
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
