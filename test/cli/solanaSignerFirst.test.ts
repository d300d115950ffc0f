import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * `send --chain solana:…` checks every argument before the node or the wallet is asked anything: a key
 * file that is not a Solana key is such an argument (exit 1, named), and the node never hears of it. With
 * neither a key nor a session the user is told the Solana way to sign (--keypair), not the EVM flags.
 */
const chain = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const to = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"

describe("Solana send and sign read the key before anything else", () => {
  let node: RecordingServer
  let dir: string
  let shortKey: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "appkit-solana-key-"))
    shortKey = join(dir, "short.json")
    writeFileSync(shortKey, "[1,2,3]")
    node = await startRecordingServer((_body, response) => {
      response.writeHead(500)
      response.end()
    })
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    await node.close()
  })

  it("send refuses a key file that is not a Solana key (exit 1) and never asks the node", async () => {
    node.requests.length = 0
    const result = await runCli([
      "send",
      "--chain",
      chain,
      "--to",
      to,
      "--amount",
      "1",
      "--keypair",
      shortKey,
      "--rpc-url",
      node.url,
    ])
    expect(result.stderr).toBe(`--keypair ${shortKey}: A Solana secret key is 64 bytes (got 3)\n`)
    expect(result.code).toBe(1)
    expect(node.requests).toEqual([])
  })

  it("sign message with no key and no connection names the Solana signer's flags", async () => {
    const result = await runCli(["sign", "message", "hi", "--chain", chain, "--json"], {
      env: { APPKIT_HOME: dir, APPKIT_SOLANA_KEY: "" },
    })
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("NotConnected")
    expect(error.message).toContain("--keypair")
    expect(error.message).not.toContain("--private-key")
  })

  it("send refuses a SOL amount beyond u64 lamports (§5) with exit 1 naming it, before the node is asked", async () => {
    node.requests.length = 0
    const send = (amount: string) =>
      runCli(["send", "--chain", chain, "--to", to, "--amount", amount, "--rpc-url", node.url, "--json"], {
        env: { APPKIT_HOME: dir, APPKIT_SOLANA_KEY: "" },
      })
    const beyond = await send("18446744073.709551616")
    expect(beyond.code).toBe(1)
    expect(JSON.parse(beyond.stderr)).toEqual({
      error: {
        code: "InvalidInput",
        message:
          "--amount: 18446744073.709551616 SOL is 18446744073709551616 lamports, more than a u64 holds",
      },
    })
    expect(node.requests).toEqual([])
    // u64's own maximum is an amount (the node is asked about it: here it fails, as this node always does)
    const edge = await send("18446744073.709551615")
    expect(edge.code).toBe(2)
    expect(node.requests.length).toBeGreaterThan(0)
  })
})
