import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * The output contract: an argument the CLI refuses is reported before any request leaves the machine. A
 * mistyped --private-key (or an unreadable --keystore) is such an argument: `send` and `swap` must name it
 * without asking the node first, which also means a user without a reachable node still learns what to fix.
 */
const to = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const badKey = "0x12"

describe("send and swap read the local signer before asking the node", () => {
  let node: RecordingServer
  beforeAll(async () => {
    // Answers eth_chainId with chain 1 (a swap network), so only the key can stop the command.
    node = await startRecordingServer((body, response) => {
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id ?? 1, result: "0x1" }))
    })
  })
  afterAll(() => node.close())

  it.each([
    [["send", "--to", to, "--amount", "1", "--private-key", badKey]],
    [["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--private-key", badKey]],
    [["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--address", to, "--private-key", badKey]],
    [["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--execute", "--private-key", badKey]],
  ])("%j refuses the key (exit 1) and never asks the node", async (args) => {
    node.requests.length = 0
    const api = args[0] === "swap" ? ["--api-url", "http://127.0.0.1:1"] : []
    const result = await runCli([...args, ...api, "--rpc-url", node.url, "--json"])
    expect(result.stdout).toBe("")
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      JSON.stringify({
        error: { code: "InvalidInput", message: "--private-key is not a 32-byte hex private key" },
      }),
    )
    expect(result.code).toBe(1)
    expect(node.requests).toEqual([])
  })

  it("names an unreadable keystore before asking the node", async () => {
    node.requests.length = 0
    const result = await runCli([
      "send",
      "--to",
      to,
      "--amount",
      "1",
      "--keystore",
      "/nonexistent/key.json",
      "--rpc-url",
      node.url,
    ])
    expect(result.stderr).toMatch(/^Cannot read keystore \/nonexistent\/key\.json: /)
    expect(result.stderr.split("\n")).toHaveLength(2)
    expect(node.requests).toEqual([])
  })
})

describe("a command given two local signers refuses to pick one", () => {
  const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
  let home: string
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-two-signers-"))
  })
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it.each([[["sign", "message", "hello"]], [["receive"]], [["connect"]]])(
    "%j with --private-key and --keystore is a usage error (exit 2), nothing signed or stored",
    async (args) => {
      const result = await runCli(
        [...args, "--private-key", key, "--keystore", "/nonexistent/key.json", "--json"],
        {
          env: { APPKIT_HOME: home },
        },
      )
      expect(result.stdout).toBe("")
      expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
        JSON.stringify({
          error: { code: "UsageError", message: "Give either --private-key or --keystore, not both" },
        }),
      )
      expect(result.code).toBe(2)
      // connect stored nothing: no connection under either signer.
      expect((await runCli(["status", "--json"], { env: { APPKIT_HOME: home } })).stdout).toBe(
        '{"connected":false}\n',
      )
    },
  )
})
