import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { loadVectors } from "../testing/vectors"
import {
  BitcoinWalletErrorCode,
  describeEvmRpcErrorCode,
  isUnrecognizedChain,
  lookupRpcErrorCode,
  type RpcErrorTable,
  rpcErrorCodeForHttpStatus,
} from "./rpcCodes"

interface CodeVector {
  readonly id: string
  readonly source: "EIP-1193" | "EIP-1474" | "EIP-5792"
  readonly code: number
  readonly name: string
  readonly description: string
}

const tableOf: Record<CodeVector["source"], RpcErrorTable> = {
  "EIP-1193": "eip1193",
  "EIP-1474": "eip1474",
  "EIP-5792": "eip5792",
}

describe("jsonrpc-errors.json conformance", () => {
  const { vectors } = loadVectors<CodeVector>("jsonrpc-errors.json")
  it.each(vectors.map((vector) => [vector.id, vector] as const))("%s", (_id, vector) => {
    expect(lookupRpcErrorCode(tableOf[vector.source], vector.code)).toEqual({
      code: vector.code,
      name: vector.name,
      description: vector.description,
    })
    // Whatever table wins for an EVM code, it carries the EIP's name for it.
    expect(describeEvmRpcErrorCode(vector.code)?.name).toBe(vector.name)
  })
})

describe("Bitcoin wallet codes (§8)", () => {
  it.each([
    [-32700, "Parse error"],
    [-32600, "Invalid request"],
    [-32601, "Method not found"],
    [-32602, "Invalid params"],
    [-32603, "Internal error"],
    [-32000, "User rejection"],
    [-32001, "Method not supported"],
    [-32002, "Access denied"],
  ])("%i is %s", (code, name) => {
    expect(lookupRpcErrorCode("bitcoin", code)?.name).toBe(name)
  })

  it("gives -32000 a different meaning than EIP-1474 does", () => {
    expect(BitcoinWalletErrorCode.userRejection).toBe(-32000)
    expect(lookupRpcErrorCode("eip1474", -32000)?.name).toBe("Invalid input")
  })

  it("knows no code outside its table", () => {
    expect(lookupRpcErrorCode("bitcoin", 4001)).toBeUndefined()
    expect(describeEvmRpcErrorCode(1234)).toBeUndefined()
  })
})

describe("isUnrecognizedChain", () => {
  it("reads 4902 and the -32603 some wallets wrap it in as an unknown chain, and nothing next to them", () => {
    expect([4902, -32603].every(isUnrecognizedChain)).toBe(true)
    expect([4901, 4903, 4001, -32602, -32604].some(isUnrecognizedChain)).toBe(false)
  })
})

describe("rpcErrorCodeForHttpStatus", () => {
  it("maps exactly 400 and 404 to invalid request, not their neighbours", () => {
    expect([399, 400, 401, 403, 404, 405, 500].map(rpcErrorCodeForHttpStatus)).toEqual([
      -32603, -32600, -32603, -32603, -32600, -32603, -32603,
    ])
  })

  it("maps 400 and 404 to invalid request and every other status to internal error", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const expected = status === 400 || status === 404 ? -32600 : -32603
        expect(rpcErrorCodeForHttpStatus(status)).toBe(expected)
      }),
    )
  })
})

describe("the Bitcoin wallet code table, entry by entry", () => {
  it("describes each code as §8 does", () => {
    const entries = [-32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002].map((code) =>
      lookupRpcErrorCode("bitcoin", code),
    )
    expect(entries).toEqual([
      { code: -32700, name: "Parse error", description: "The wallet could not parse the request" },
      { code: -32600, name: "Invalid request", description: "The request is not a valid request object" },
      { code: -32601, name: "Method not found", description: "The method does not exist" },
      { code: -32602, name: "Invalid params", description: "The method parameters are invalid" },
      { code: -32603, name: "Internal error", description: "The wallet failed internally" },
      { code: -32000, name: "User rejection", description: "The user rejected the request" },
      { code: -32001, name: "Method not supported", description: "The wallet does not support the method" },
      {
        code: -32002,
        name: "Access denied",
        description: "The wallet denied access to the requested resource",
      },
    ])
  })

  it("names EVM codes EIP-1193 first: 4001 keeps the provider description", () => {
    expect(describeEvmRpcErrorCode(4001)?.description).toBe("The user rejected the request.")
    expect(describeEvmRpcErrorCode(-32602)?.description).toBe("Invalid method parameters")
  })
})
