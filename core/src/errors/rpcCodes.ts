/**
 * JSON-RPC error codes with their names. Three EVM tables (EIP-1193 provider codes, EIP-1474 JSON-RPC codes,
 * EIP-5792 wallet call codes) plus the Bitcoin wallet table of §8, which reuses -32000…-32002 with other
 * meanings than EIP-1474 — so a code alone never names an error: ask the table of the layer that produced it.
 */

export interface RpcErrorCodeInfo {
  readonly code: number
  readonly name: string
  readonly description: string
}

const table = <const T extends ReadonlyArray<RpcErrorCodeInfo>>(entries: T) => entries

/** EIP-1193 provider errors. */
export const eip1193Codes = table([
  { code: 4001, name: "User Rejected Request", description: "The user rejected the request." },
  {
    code: 4100,
    name: "Unauthorized",
    description: "The requested method and/or account has not been authorized by the user.",
  },
  {
    code: 4200,
    name: "Unsupported Method",
    description: "The Provider does not support the requested method.",
  },
  { code: 4900, name: "Disconnected", description: "The Provider is disconnected from all chains." },
  {
    code: 4901,
    name: "Chain Disconnected",
    description: "The Provider is not connected to the requested chain.",
  },
])

/** EIP-1474 JSON-RPC errors (the standard -326xx and the non-standard -3200x server errors). */
export const eip1474Codes = table([
  { code: -32700, name: "Parse error", description: "Invalid JSON" },
  { code: -32600, name: "Invalid request", description: "JSON is not a valid request object" },
  { code: -32601, name: "Method not found", description: "Method does not exist" },
  { code: -32602, name: "Invalid params", description: "Invalid method parameters" },
  { code: -32603, name: "Internal error", description: "Internal JSON-RPC error" },
  { code: -32000, name: "Invalid input", description: "Missing or invalid parameters" },
  { code: -32001, name: "Resource not found", description: "Requested resource not found" },
  { code: -32002, name: "Resource unavailable", description: "Requested resource not available" },
  { code: -32003, name: "Transaction rejected", description: "Transaction creation failed" },
  { code: -32004, name: "Method not supported", description: "Method is not implemented" },
  { code: -32005, name: "Limit exceeded", description: "Request exceeds defined limit" },
  {
    code: -32006,
    name: "JSON-RPC version not supported",
    description: "Version of JSON-RPC protocol is not supported",
  },
])

/** EIP-5792 wallet call API errors (wallet_sendCalls and friends); 4001/4100/-32602 keep their EIP-1193/1474 names. */
export const eip5792Codes = table([
  {
    code: -32602,
    name: "Invalid params",
    description:
      "The wallet cannot parse this request (e.g., missing 0x prefix, leading zeros in chain id, request fails schema validation)",
  },
  {
    code: 4001,
    name: "User Rejected Request",
    description: "The user rejected submitting the batch of calls (from EIP-1193)",
  },
  {
    code: 4100,
    name: "Unauthorized",
    description: "The specified address is not connected or not in the wallet (from EIP-1193)",
  },
  {
    code: 5700,
    name: "Unsupported non-optional capability",
    description: "This wallet does not support a capability that was not marked as optional",
  },
  {
    code: 5710,
    name: "Unsupported chain id",
    description: "This wallet does not support the specified chain id",
  },
  { code: 5720, name: "Duplicate ID", description: "There is already a bundle submitted with this id" },
  {
    code: 5730,
    name: "Unknown bundle id",
    description: "This bundle id is unknown / has not been submitted",
  },
  {
    code: 5740,
    name: "Bundle too large",
    description: "The call bundle is too large for the wallet to process",
  },
  {
    code: 5750,
    name: "Atomic-ready wallet rejected upgrade",
    description: "The wallet can support atomicity after an upgrade, but the user rejected the upgrade",
  },
  {
    code: 5760,
    name: "Atomicity not supported",
    description: "The wallet does not support atomic execution but the request requires it",
  },
])

/** The Bitcoin wallet JSON-RPC codes of §8 (sats-connect style providers). */
export const bitcoinWalletCodes = table([
  { code: -32700, name: "Parse error", description: "The wallet could not parse the request" },
  { code: -32600, name: "Invalid request", description: "The request is not a valid request object" },
  { code: -32601, name: "Method not found", description: "The method does not exist" },
  { code: -32602, name: "Invalid params", description: "The method parameters are invalid" },
  { code: -32603, name: "Internal error", description: "The wallet failed internally" },
  { code: -32000, name: "User rejection", description: "The user rejected the request" },
  { code: -32001, name: "Method not supported", description: "The wallet does not support the method" },
  { code: -32002, name: "Access denied", description: "The wallet denied access to the requested resource" },
])

export const RpcErrorCode = {
  userRejectedRequest: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  /** EIP-3326: the wallet does not know the chain; the cure is wallet_addEthereumChain (EIP-3085). */
  unrecognizedChain: 4902,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const

export const BitcoinWalletErrorCode = {
  ...RpcErrorCode,
  userRejection: -32000,
  methodNotSupported: -32001,
  accessDenied: -32002,
} as const

/** A wallet's answer to a switch that means it does not know the chain: 4902, or -32603 from wallets that wrap it. */
export const isUnrecognizedChain = (code: number): boolean =>
  code === RpcErrorCode.unrecognizedChain || code === RpcErrorCode.internalError

export type RpcErrorTable = "eip1193" | "eip1474" | "eip5792" | "bitcoin"

const tables: Record<RpcErrorTable, ReadonlyArray<RpcErrorCodeInfo>> = {
  eip1193: eip1193Codes,
  eip1474: eip1474Codes,
  eip5792: eip5792Codes,
  bitcoin: bitcoinWalletCodes,
}

/** Looks a code up in one table. */
export const lookupRpcErrorCode = (table: RpcErrorTable, code: number): RpcErrorCodeInfo | undefined =>
  tables[table].find((entry) => entry.code === code)

/**
 * Names a code an EVM wallet returned: EIP-1193 first (provider codes), then EIP-1474, then EIP-5792.
 * These never disagree on a shared code, so the order only decides which description is shown.
 */
export const describeEvmRpcErrorCode = (code: number): RpcErrorCodeInfo | undefined =>
  lookupRpcErrorCode("eip1193", code) ??
  lookupRpcErrorCode("eip1474", code) ??
  lookupRpcErrorCode("eip5792", code)

/** §8: a service answering 400 or 404 is an invalid request; every other failing status is an internal error. */
export const rpcErrorCodeForHttpStatus = (status: number): number =>
  status === 400 || status === 404 ? RpcErrorCode.invalidRequest : RpcErrorCode.internalError
