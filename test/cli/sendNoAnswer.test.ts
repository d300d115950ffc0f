import { type Anvil, startAnvil } from "@appkit/fixtures"
import { createClient, http } from "viem"
import { getTransactionCount } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { forwardRpc, type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * A node that does not answer the submission of a transfer (its connection stalls until the CLI's bound):
 * the node may have taken the transaction all the same. The CLI asks the node again for the account's
 * transaction count: when it moved, the one error line says the transaction was taken and may land, so
 * the user looks it up instead of sending the money twice; when it did not, it says nothing of the kind.
 */
describe("appkit-cli send when the node does not answer the submission", () => {
  let anvil: Anvil
  let node: RecordingServer
  /** Whether the stalled node still passes the submission on to anvil. */
  let passOn = true

  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
    node = await startRecordingServer((body, response) => {
      const submission = body.includes("eth_sendRawTransaction")
      if (submission && !passOn) return
      // A submission is taken, never answered.
      forwardRpc(anvil.rpcUrl, body, response, !submission)
    })
  })
  afterAll(async () => {
    await node.close()
    await anvil.stop()
  })

  const sender = () => {
    const [account] = anvil.accounts
    if (account === undefined) throw new Error("anvil gave no accounts")
    return account
  }
  const countOnAnvil = () =>
    getTransactionCount(createClient({ transport: http(anvil.rpcUrl) }), { address: sender().address })
  const send = () =>
    runCli(["send", "--to", anvil.accounts[1]?.address ?? "", "--amount", "0.01", "--json"], {
      env: { APPKIT_RPC_URL: node.url, APPKIT_PRIVATE_KEY: sender().privateKey },
      timeoutMs: 30_000,
    })
  const errorOf = (stderr: string) =>
    (JSON.parse(stderr) as { error: { code: string; message: string } }).error

  it("taken without an answer: the error says it may land and to look it up (exit 2)", async () => {
    passOn = true
    const before = await countOnAnvil()
    const result = await send()
    expect(await countOnAnvil()).toBe(before + 1)
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const error = errorOf(result.stderr)
    expect(error.message).toContain("no answer within 10 s")
    expect(error.message).toContain(`from ${before} to ${before + 1}`)
    expect(error.message).toContain("may land")
    expect(error.message).not.toContain("rejected")
  })

  it("never taken: the error does not say it may land (exit 2)", async () => {
    passOn = false
    const before = await countOnAnvil()
    const result = await send()
    expect(await countOnAnvil()).toBe(before)
    expect(result.code).toBe(2)
    const error = errorOf(result.stderr)
    expect(error.message).toContain("no answer within 10 s")
    expect(error.message).not.toContain("may land")
  })
})
