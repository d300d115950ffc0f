export {
  type CheckedRpcRequest,
  checkRpcRequest,
  checkRpcRequestResult,
  type RpcCheckContext,
  RpcPolicyError,
  rpcPolicyMessages,
} from "./checkRpcRequest"
export {
  type RpcMethodPolicy,
  type RpcPolicyNamespace,
  rpcMethodPolicy,
  rpcPolicyNamespaces,
  solanaSignMethods,
} from "./methodPolicy"
