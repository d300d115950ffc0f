import { type Anvil, startAnvil } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { interruptCli } from "../support/cli"
import { forwardRpc, type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * Ctrl-C while send waits for the node to answer the submission, or for the receipt of a transaction the
 * node took: the transaction may land all the same. Under --json nothing was printed yet, so the one error
 * line says so (naming the hash once it is known), and the command ends with 130, as shells expect of an
 * interrupted command.
 */
describe("appkit-cli send interrupted while it waits", () => {
  let anvil: Anvil
  let node: RecordingServer
  let stalled = ""

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
    // anvil, except that what the case stalls is never answered: the wait goes on until the user interrupts it.
    node = await startRecordingServer((body, response) => {
      if (body.includes(stalled)) return
      forwardRpc(anvil.rpcUrl, body, response)
    })
  })
  afterAll(async () => {
    await node.close()
    await anvil.stop()
  })

  const interruptedSend = async (stall: string) => {
    stalled = stall
    node.requests.length = 0
    const [sender, receiver] = anvil.accounts
    if (!sender || !receiver) throw new Error("anvil gave too few accounts")
    const { code, stdout, stderr } = await interruptCli(
      ["send", "--to", receiver.address, "--amount", "0.01", "--json"],
      { APPKIT_RPC_URL: node.url, APPKIT_PRIVATE_KEY: sender.privateKey },
      () => node.requests.some((body) => body.includes(stall)),
    )
    expect(stdout).toBe("")
    const { error } = JSON.parse(stderr) as { error: { code: string; message: string } }
    return { code, error }
  }

  it("waiting for the receipt: exit 130, and the error line names the sent transaction", async () => {
    const { code, error } = await interruptedSend("eth_getTransactionReceipt")
    expect(code).toBe(130)
    expect(error.code).toBe("Interrupted")
    expect(error.message).toMatch(/^Interrupted\. Transaction 0x[0-9a-f]{64} was sent and may still land/)
  })

  it("waiting for the node to answer the submission: exit 130, the transaction may have been sent", async () => {
    const { code, error } = await interruptedSend("eth_sendRawTransaction")
    expect(code).toBe(130)
    expect(error.code).toBe("Interrupted")
    expect(error.message).toContain("may have been sent before the node answered")
  })
})
