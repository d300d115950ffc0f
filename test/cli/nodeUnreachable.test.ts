import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { deadLoopbackUrl } from "../support/ports"

/**
 * 'Cannot reach the node at URL' says where; the reason (refused, no answer within the bound, a name that
 * does not resolve) says what to do about it, and must survive the EVM client's wrapping of the error.
 */
describe("an EVM node that cannot be reached", () => {
  it("is named with the reason the connection failed (exit 2)", async () => {
    const rpcUrl = await deadLoopbackUrl()
    const result = await runCli([
      "balance",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "--rpc-url",
      rpcUrl,
      "--json",
    ])
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("NodeUnreachable")
    expect(error.message).toMatch(new RegExp(`^Cannot reach the node at ${rpcUrl}: .*ECONNREFUSED`))
  })
})
