import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it, vi } from "vitest"
import { NodeRpcError, nodeRpcProvider } from "./nodeRpc"

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A node that answers every call with `answer(body)` (or never, when it returns undefined). */
const node = (answer: (body: { method: string; params: unknown }) => string | undefined) =>
  new Promise<string>((resolve) => {
    const started = createServer((request, response) => {
      let text = ""
      request.on("data", (chunk) => (text += chunk))
      request.on("end", () => {
        const reply = answer(JSON.parse(text))
        if (reply !== undefined) response.end(reply)
      })
    })
    server = started
    started.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(started.address() as AddressInfo).port}`),
    )
  })

describe("nodeRpcProvider", () => {
  it("posts JSON-RPC and resolves with the result", async () => {
    const url = await node(({ method, params }) =>
      JSON.stringify({ jsonrpc: "2.0", id: 1, result: [method, params] }),
    )
    expect(
      await nodeRpcProvider(url).request({ method: "eth_getBalance", params: ["0x1", "latest"] }),
    ).toEqual(["eth_getBalance", ["0x1", "latest"]])
  })

  it("rejects with the node's code and words, or says what the answer was not", async () => {
    const url = await node(({ method }) =>
      method === "bad"
        ? JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: "nonce too low" } })
        : "<html>502</html>",
    )
    const provider = nodeRpcProvider(url)
    await expect(provider.request({ method: "bad" })).rejects.toEqual(
      new NodeRpcError(-32000, "nonce too low"),
    )
    await expect(provider.request({ method: "other" })).rejects.toThrow("not a JSON-RPC answer")
  })

  it("gives up on a node that does not answer within its bound, and not before", async () => {
    const url = await node(() => undefined)
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    try {
      let settled = false
      const call = nodeRpcProvider(url).request({ method: "eth_chainId" })
      call.catch(() => {}).finally(() => (settled = true))
      await vi.advanceTimersByTimeAsync(9_999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await expect(call).rejects.toThrow("no answer within 10 s")
    } finally {
      vi.useRealTimers()
    }
  })
})
