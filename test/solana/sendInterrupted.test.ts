import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { deterministicKeypair } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cliPath, firstLine, freeStackPorts, interruptCli } from "../support/cli"
import { forwardRpc, type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * Ctrl-C while a Solana send waits for the cluster to confirm a transaction it took: the transaction may
 * land all the same. Under --json its signature was not printed yet, so the one error line names it and
 * says so, and the command ends with 130, as an interrupted EVM send does.
 */
describe("appkit-cli send --chain solana:… interrupted while waiting for confirmation", () => {
  const home = mkdtempSync(join(tmpdir(), "appkit-solana-interrupt-"))
  const keyFile = join(home, "id.json")
  let dev: ChildProcess
  let stack: { readonly solanaRpcUrl: string; readonly solanaChainId: string }
  let node: RecordingServer

  beforeAll(async () => {
    dev = spawn(process.execPath, [cliPath, "dev", "--json", ...freeStackPorts], {
      env: { ...process.env, APPKIT_HOME: home },
      stdio: ["ignore", "pipe", "pipe"],
    })
    stack = JSON.parse(await firstLine(dev, 30_000))
    writeFileSync(keyFile, JSON.stringify([...deterministicKeypair("account 0").secretKey]))
    // The cluster, except that the confirmation is never given: the wait goes on until the user interrupts it.
    node = await startRecordingServer((body, response) => {
      if (body.includes("getSignatureStatuses")) return
      forwardRpc(stack.solanaRpcUrl, body, response)
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

  it("--json: exit 130, and the error line names the sent transaction", async () => {
    const { code, stdout, stderr } = await interruptCli(
      [
        ...["send", "--chain", stack.solanaChainId, "--keypair", keyFile],
        ...["--to", deterministicKeypair("account 1").address, "--amount", "0.01", "--json"],
      ],
      { APPKIT_HOME: home, APPKIT_SOLANA_RPC_URL: node.url, APPKIT_SOLANA_KEY: "" },
      () => node.requests.some((body) => body.includes("getSignatureStatuses")),
    )
    expect(code).toBe(130)
    expect(stdout).toBe("")
    const { error } = JSON.parse(stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("Interrupted")
    expect(error.message).toMatch(
      /^Interrupted\. Transaction [1-9A-HJ-NP-Za-km-z]{64,88} was sent and may still land/,
    )
  })
})
