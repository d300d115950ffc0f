import type { Hex } from "viem"

/** EIP-1271: a contract wallet approves a signature by returning this selector. */
const magicValue = "0x1626ba7e"

const isValidSignatureAbi = [
  {
    type: "function",
    name: "isValidSignature",
    stateMutability: "view",
    inputs: [
      { name: "hash", type: "bytes32" },
      { name: "signature", type: "bytes" },
    ],
    outputs: [{ name: "magicValue", type: "bytes4" }],
  },
] as const

export type Eip1271Outcome = "valid" | "invalid" | "unreachable"

/**
 * Asks the contract at `address` whether it accepts `signature` for `hash`. A revert, an empty answer
 * (no contract there) or any other value is "invalid"; a transport failure is "unreachable". viem's client
 * loads with the first check, so verifiers that never get an RPC URL (and every module bundled beside this
 * export) do not pull it in.
 */
export const checkEip1271Signature = async (
  rpcUrl: string,
  address: Hex,
  hash: Hex,
  signature: Hex,
  timeoutMs: number,
): Promise<Eip1271Outcome> => {
  // One after the other: concurrent first imports of modules sharing dependencies can race in Node 20's loader.
  const { createClient, http } = await import("viem")
  const { readContract } = await import("viem/actions")
  const client = createClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
  try {
    const answer = await readContract(client, {
      address,
      abi: isValidSignatureAbi,
      functionName: "isValidSignature",
      args: [hash, signature],
    })
    return answer.toLowerCase() === magicValue ? "valid" : "invalid"
  } catch (error) {
    const names = new Set<string>()
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) names.add(cause.name)
    return names.has("HttpRequestError") || names.has("TimeoutError") ? "unreachable" : "invalid"
  }
}
