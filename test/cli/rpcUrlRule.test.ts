import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * A node URL is checked by the core's rule (RpcUrl: http or https, then a host), the same for EVM and Solana
 * commands: a URL it refuses is an argument the core's validators refuse (exit 1, InvalidInput), before any
 * request, never an attempt to reach a node at it (exit 2).
 */
describe("--rpc-url under the core's RpcUrl rule", () => {
  const evm = ["balance", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]
  const solana = [
    "balance",
    "11111111111111111111111111111111",
    "--chain",
    "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  ]
  it.each([
    ["EVM", "ftp://127.0.0.1:8545"],
    ["EVM", "http://"],
    ["EVM", "https:// 127.0.0.1"],
    ["Solana", "http://"],
    ["Solana", "ws://127.0.0.1:8900"],
  ])("%s: refuses '%s' with exit 1 before any request", async (kind, rpcUrl) => {
    const result = await runCli([...(kind === "EVM" ? evm : solana), "--rpc-url", rpcUrl, "--json"])
    expect(result.code).toBe(1)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error).toEqual({
      code: "InvalidInput",
      message: `--rpc-url must be an http(s) URL, got '${rpcUrl}'`,
    })
  })

  it("dev wallet refuses it too, before it pairs", async () => {
    const uri = `wc:${"a".repeat(64)}@2?relay-protocol=irn&symKey=${"0".repeat(64)}`
    const args = ["dev", "wallet", "--uri", uri, "--relay-url", "ws://127.0.0.1:9", "--rpc-url", "ftp://x"]
    const result = await runCli(args)
    expect(result).toMatchObject({ code: 1, stderr: "--rpc-url must be an http(s) URL, got 'ftp://x'\n" })
  })
})
