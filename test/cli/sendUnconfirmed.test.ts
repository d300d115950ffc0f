import { type Anvil, startAnvil } from "@appkit/fixtures"
import { createClient, type Hex, http } from "viem"
import { getTransaction } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { forwardRpc, type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * A send whose transaction reached the node, but whose receipt could not be read (the node fails from then
 * on): the transaction may land, so the one error line names its hash and says so. Under --json nothing was
 * printed before, so without it a script would not know anything was sent, and would send again.
 */
describe("appkit-cli send when the receipt cannot be read", () => {
  let anvil: Anvil
  let node: RecordingServer

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
    // The node as the CLI sees it: anvil, except that every receipt request fails.
    node = await startRecordingServer((body, response) => {
      if (body.includes("eth_getTransactionReceipt")) {
        response.writeHead(500).end("node down")
        return
      }
      forwardRpc(anvil.rpcUrl, body, response)
    })
  })
  afterAll(async () => {
    await node.close()
    await anvil.stop()
  })

  const send = (json: boolean) => {
    const [sender, receiver] = anvil.accounts
    if (!sender || !receiver) throw new Error("anvil gave too few accounts")
    return runCli(["send", "--to", receiver.address, "--amount", "0.01", ...(json ? ["--json"] : [])], {
      env: { APPKIT_RPC_URL: node.url, APPKIT_PRIVATE_KEY: sender.privateKey },
    })
  }
  const sentHash = (message: string): Hex => {
    const hash = /Transaction (0x[0-9a-f]{64}) was sent/.exec(message)?.[1]
    if (hash === undefined) throw new Error(`no sent transaction named in: ${message}`)
    return hash as Hex
  }

  it("--json: the error line names the sent transaction's hash and says it may still land (exit 2)", async () => {
    const result = await send(true)
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.message).toContain("may still land")
    expect(error.message).toContain("HTTP 500")
    // The hash named is the transaction the node holds.
    const sent = await getTransaction(createClient({ transport: http(anvil.rpcUrl) }), {
      hash: sentHash(error.message),
    })
    expect(sent.to?.toLowerCase()).toBe(anvil.accounts[1]?.address.toLowerCase())
  })

  it("text: the hash line, then one line saying the transaction may still land (exit 2)", async () => {
    const result = await send(false)
    expect(result.code).toBe(2)
    const hash = /^hash (0x[0-9a-f]{64})$/m.exec(result.stdout)?.[1]
    expect(hash).toBeDefined()
    expect(result.stderr.trim().split("\n")).toHaveLength(1)
    expect(sentHash(result.stderr)).toBe(hash)
  })
})
