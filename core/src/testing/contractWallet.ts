import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { hex } from "@scure/base"

/**
 * Test support only (not exported): EIP-1271 contract wallets as raw EVM code that anvil installs with
 * `anvil_setCode`, so verifier tests ask a real node, plus loopback JSON-RPC endpoints that fail the way a
 * broken node does (an HTTP error, or silence).
 */
export const contractWalletCode = {
  /** isValidSignature answers the EIP-1271 magic value exactly for `hash` (any signature), else 32 zero bytes. */
  acceptingHash: (hash: Uint8Array) =>
    // CALLDATALOAD(4) == hash ? JUMP to 0x2d : RETURN 32 zero bytes; 0x2d: MSTORE(0, 0x1626ba7e << 224), RETURN 32.
    `0x6004357f${hex.encode(hash)}14602d5760206000f35b631626ba7e60e01b60005260206000f3` as const,
  /** Every call reverts with no data: a wallet that refuses by reverting, as many do. */
  reverting: "0x60006000fd" as const,
}

/** Installs `code` at `address` on the node behind `rpcUrl` (anvil). */
export const installCode = async (rpcUrl: string, address: string, code: string): Promise<void> => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setCode", params: [address, code] }),
  })
  const body = (await response.json()) as { readonly error?: unknown }
  if (body.error !== undefined) throw new Error(`anvil_setCode failed: ${JSON.stringify(body.error)}`)
}

export interface BrokenNode {
  readonly rpcUrl: string
  /** How many requests reached it. */
  readonly requests: () => number
  readonly stop: () => Promise<void>
}

/** What a broken node does with each request: an HTTP error status, nothing, or a JSON-RPC result given late. */
export type NodeFailure = number | "silent" | { readonly result: string; readonly afterMs: number }

/**
 * A loopback endpoint that fails every request the way `failure` says; counting requests shows whether a
 * client retried. A late answer is never sent once the endpoint is stopped.
 */
export const startBrokenNode = async (failure: NodeFailure): Promise<BrokenNode> => {
  let requests = 0
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const server: Server = createServer((request: IncomingMessage, response) => {
    requests += 1
    let body = ""
    request.on("data", (chunk) => {
      body += chunk
    })
    request.on("end", () => {
      if (failure === "silent") return
      if (typeof failure === "number") {
        response.writeHead(failure, { "content-type": "text/plain" }).end("node failure")
        return
      }
      const { id } = JSON.parse(body) as { readonly id?: unknown }
      const timer = setTimeout(() => {
        timers.delete(timer)
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id, result: failure.result }))
      }, failure.afterMs)
      timers.add(timer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    requests: () => requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
