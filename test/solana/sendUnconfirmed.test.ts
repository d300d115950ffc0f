import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { deterministicKeypair } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath, firstLine, freeStackPorts, interruptCli, runCli } from "../support/cli"
import { forwardRpc, type RecordingServer, startRecordingServer } from "../support/recordingServer"
import { solanaRpc } from "./support"

/**
 * A Solana send whose confirmation never comes (Ctrl-C during the wait, or a cluster that fails every status
 * request): the transaction it took may land all the same. Under --json its signature was not printed yet,
 * so the one error line names it and says so; an interrupted send ends with 130, as an EVM send does.
 */
describe("appkit-cli send --chain solana:… without a confirmation", () => {
  const home = mkdtempSync(join(tmpdir(), "appkit-solana-interrupt-"))
  const keyFile = join(home, "id.json")
  let dev: ChildProcess
  let stack: { readonly solanaRpcUrl: string; readonly solanaChainId: string }
  let node: RecordingServer
  let statuses: "stall" | "fail" = "stall"
  /** "silent": the cluster takes each submission and never answers it; "refuse": it refuses each one. */
  let submissions: "answer" | "silent" | "refuse" = "answer"
  const sendArgs = () => [
    ...["send", "--chain", stack.solanaChainId, "--keypair", keyFile],
    ...["--to", deterministicKeypair("account 1").address, "--amount", "0.01", "--json"],
  ]
  const sendEnv = () => ({ APPKIT_HOME: home, APPKIT_SOLANA_RPC_URL: node.url, APPKIT_SOLANA_KEY: "" })

  beforeAll(async () => {
    dev = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
      env: { ...process.env, APPKIT_HOME: home },
      stdio: ["ignore", "pipe", "pipe"],
    })
    stack = JSON.parse(await firstLine(dev, 30_000))
    writeFileSync(keyFile, JSON.stringify([...deterministicKeypair("account 0").secretKey]))
    // The cluster, except that no status is ever given: each request stalls, or fails.
    node = await startRecordingServer((body, response) => {
      if (body.includes('"sendTransaction"') && submissions === "refuse") {
        const { id } = JSON.parse(body) as { id: unknown }
        const error = { code: -32002, message: "Transaction simulation failed: Blockhash not found" }
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ jsonrpc: "2.0", id, error }))
      } else if (body.includes('"sendTransaction"'))
        forwardRpc(stack.solanaRpcUrl, body, response, submissions === "answer")
      else if (!body.includes("getSignatureStatuses")) forwardRpc(stack.solanaRpcUrl, body, response)
      else if (statuses === "fail") response.writeHead(500).end("cluster down")
    })
  }, 40_000)
  afterAll(async () => {
    await node?.close()
    if (dev !== undefined && dev.exitCode === null) {
      const exited = once(dev, "exit")
      dev.kill("SIGTERM")
      await exited
    }
    rmSync(home, { recursive: true, force: true })
  })

  it("interrupted: exit 130, and the error line names the sent transaction", async () => {
    statuses = "stall"
    const { code, stdout, stderr } = await interruptCli(sendArgs(), sendEnv(), () =>
      node.requests.some((body) => body.includes("getSignatureStatuses")),
    )
    expect(code).toBe(130)
    expect(stdout).toBe("")
    const { error } = JSON.parse(stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("Interrupted")
    expect(error.message).toMatch(
      /^Interrupted\. Transaction [1-9A-HJ-NP-Za-km-z]{64,88} was sent and may still land/,
    )
  })

  it("no status within the confirmation bound: exit 2, the line names the sent transaction", {
    timeout: 60_000,
  }, async () => {
    statuses = "fail"
    const result = await runCli(sendArgs(), { env: sendEnv(), timeoutMs: 50_000 })
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    // The cluster's failure, then the signature of what it took.
    expect(error.message).toMatch(
      /^HTTP status code: 500\. Transaction [1-9A-HJ-NP-Za-km-z]{64,88} was sent and may still land/,
    )
  })

  it("a submission never answered: exit 2, the line names the signed transaction the cluster took", {
    timeout: 60_000,
  }, async () => {
    submissions = "silent"
    try {
      const result = await runCli(sendArgs(), { env: sendEnv(), timeoutMs: 50_000 })
      expect(result.stdout).toBe("")
      expect(result.code).toBe(2)
      const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
      const signature = /The transaction was signed as ([1-9A-HJ-NP-Za-km-z]{64,88});/.exec(
        error.message,
      )?.[1]
      expect(signature).toBeDefined()
      expect(error.message).toContain(
        "the cluster may have taken it: look it up by its id before sending again",
      )
      // The id named is the transaction the cluster holds.
      const statuses = await solanaRpc({ rpcUrl: stack.solanaRpcUrl }, "getSignatureStatuses", [
        [signature],
        { searchTransactionHistory: true },
      ])
      expect(statuses.value[0]).not.toBeNull()
    } finally {
      submissions = "answer"
    }
  })

  it("a submission the cluster refuses: exit 2 with the cluster's words, and never 'may have taken it'", async () => {
    submissions = "refuse"
    try {
      const result = await runCli(sendArgs(), { env: sendEnv(), timeoutMs: 30_000 })
      expect(result.stdout).toBe("")
      expect(result.code).toBe(2)
      const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
      expect(error.code).toBe("SolanaSubmissionRefused")
      expect(error.message).toContain("Blockhash not found")
      expect(error.message).not.toContain("may have taken it")
    } finally {
      submissions = "answer"
    }
  }, 40_000)
})
