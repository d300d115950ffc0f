import { Effect } from "effect"
import { checkRpcRequest, RpcPolicyError } from "../../rpc/checkRpcRequest"
import { rpcPolicyNamespaces } from "../../rpc/methodPolicy"
import type { RpcRequest } from "../Connector"
import { namespaceMethods } from "./namespaces"

/**
 * The allowlist gate for the active chain's namespace. §5 lists eip155, solana and bip122 methods; on
 * polkadot and cosmos the list is the methods AppKit asked the wallet for (`namespaceMethods`), never the
 * eip155 + solana fallback, which would pass EVM calls to a Polkadot wallet and refuse its own sign methods.
 */
export const checkWalletConnectRequest = (
  rpc: RpcRequest,
  namespace: string | undefined,
  connected: boolean,
): Effect.Effect<unknown, RpcPolicyError> => {
  if (namespace !== "polkadot" && namespace !== "cosmos")
    return checkRpcRequest(rpc, {
      providerConnected: connected,
      namespace: rpcPolicyNamespaces.find((known) => known === namespace),
    })
  const method: unknown = typeof rpc === "object" && rpc !== null ? rpc.method : undefined
  if (typeof method !== "string" || method === "")
    return Effect.fail(new RpcPolicyError({ reason: "invalidRequest", method: "" }))
  return namespaceMethods[namespace].includes(method)
    ? Effect.void
    : Effect.fail(new RpcPolicyError({ reason: "methodNotAllowed", method }))
}
