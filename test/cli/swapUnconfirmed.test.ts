import { createClient, type Hex, http } from "viem"
import { getTransaction, getTransactionReceipt } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { useSwapStack } from "../features/support"
import { runCli } from "../support/cli"
import { forwardRpc, type RecordingServer, startRecordingServer } from "../support/recordingServer"

/**
 * `swap --execute` sends two transactions (the approval, then the swap). When the swap's receipt cannot be
 * read (the node fails from then on), the one error line still names both: the approval that landed and the
 * swap that was sent and may still land. Without them a script would not know anything was sent, and would
 * approve and swap again.
 */
describe("appkit-cli swap --execute when the swap's receipt cannot be read", () => {
  const stack = useSwapStack()
  let node: RecordingServer
  const hashes = (text: string) => text.match(/0x[0-9a-f]{64}/g) ?? []
  // The node as the CLI sees it: anvil, except that receipts are read for each run's first transaction only.
  let first: string | undefined

  beforeAll(async () => {
    node = await startRecordingServer((body, response) => {
      if (body.includes("eth_getTransactionReceipt")) {
        const [hash] = hashes(body)
        first ??= hash
        if (hash !== first) {
          response.writeHead(500).end("node down")
          return
        }
      }
      forwardRpc(stack().anvil.rpcUrl, body, response)
    })
  })
  afterAll(async () => {
    await node.close()
  })

  const swap = (account: number, json: boolean) => {
    first = undefined
    return runCli(
      ["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--execute", ...(json ? ["--json"] : [])],
      {
        env: {
          APPKIT_API_URL: stack().api.url,
          APPKIT_PROJECT_ID: "test",
          APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
          APPKIT_RPC_URL: node.url,
          APPKIT_PRIVATE_KEY: stack().anvil.accounts[account]?.privateKey as string,
        },
        timeoutMs: 60_000,
      },
    )
  }
  const chain = () => createClient({ transport: http(stack().anvil.rpcUrl) })

  it("--json: the error line names the approval that landed and the swap that may still land (exit 2)", async () => {
    const result = await swap(1, true)
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.message).toContain("HTTP 500")
    const [approve, swapped] = hashes(error.message) as [Hex, Hex]
    expect(hashes(error.message)).toHaveLength(2)
    expect(error.message).toContain(`approval ${approve} landed`)
    expect(error.message).toContain(`Transaction ${swapped} was sent and may still land`)
    // Both are the transactions the node holds: the approval mined, the swap sent to the router.
    expect((await getTransactionReceipt(chain(), { hash: approve })).status).toBe("success")
    expect((await getTransaction(chain(), { hash: swapped })).to?.toLowerCase()).toBe(
      stack().swap.router.toLowerCase(),
    )
  }, 90_000)

  it("text: each hash is printed once sent, and the error line says the swap may still land (exit 2)", async () => {
    const result = await swap(2, false)
    expect(result.code).toBe(2)
    const approve = /^Approval sent (0x[0-9a-f]{64})$/m.exec(result.stdout)?.[1]
    const swapped = /^Swap sent (0x[0-9a-f]{64})$/m.exec(result.stdout)?.[1]
    expect(approve).toBeDefined()
    expect(swapped).toBeDefined()
    expect(result.stderr.trim().split("\n")).toHaveLength(1)
    expect(hashes(result.stderr)).toEqual([approve, swapped])
    expect(result.stderr).toContain("may still land")
  }, 90_000)
})
