import { type RpcMethodPolicy, rpcMethodPolicy, rpcPolicyMessages, rpcPolicyNamespaces } from "@appkit/core"
import { invalidInput } from "../output"
import { printReports, type Readable, shownInput } from "../report"

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
  title: `${shownInput(report.method)}: ${report.allowed ? "allowed" : "not allowed"}`,
  rows: [
    ["allowed", report.allowed ? `yes (${report.namespace} list)` : `no (${report.error})`],
    ["needs approval", yesNo(report.needsApproval)],
    ["needs connected provider", yesNo(report.needsConnectedProvider)],
  ],
})

export const checkAction = (methods: ReadonlyArray<string>, options: CheckOptions): void => {
  const namespace = rpcPolicyNamespaces.find((known) => known === options.namespace)
  if (options.namespace !== undefined && namespace === undefined)
    throw invalidInput(
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
