import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"

/** How long one JSON-RPC call to the node may take (viem's http transport uses the same 10 s). */
export const nodeRequestTimeoutMs = 10_000

/** A JSON-RPC failure as EIP-1193 shapes it: the node's code and words, which the core maps to its errors. */
export class NodeRpcError extends Error {
  override readonly name = "NodeRpcError"
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

let nextId = 1

/**
 * An EIP-1193 `request` that posts JSON-RPC to a node over node:http(s). A one-shot command spends most of
 * a `fetch` on loading it (Node's fetch is undici, ~300 ms on a cold process); a plain HTTP request is the
 * same JSON-RPC at a fraction of that. Each call is bounded by `timeoutMs`.
 */
export const nodeRpcProvider = (rpcUrl: string, timeoutMs = nodeRequestTimeoutMs) => {
  const url = new URL(rpcUrl)
  const send = url.protocol === "https:" ? httpsRequest : httpRequest
  return {
    request: ({ method, params }: { readonly method: string; readonly params?: unknown }) =>
      new Promise<unknown>((resolve, reject) => {
        const body = JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: params ?? [] })
        const outgoing = send(
          url,
          {
            method: "POST",
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (response) => {
            let text = ""
            response.setEncoding("utf8")
            response.on("data", (chunk: string) => (text += chunk))
            response.on("end", () => {
              clearTimeout(timer)
              let reply: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
              try {
                reply = JSON.parse(text)
              } catch {
                return reject(new NodeRpcError(-32603, `HTTP ${response.statusCode}: not a JSON-RPC answer`))
              }
              if (reply.error !== undefined && reply.error !== null) {
                const { code, message, data } = reply.error
                return reject(
                  new NodeRpcError(
                    typeof code === "number" ? code : -32603,
                    String(message ?? "error"),
                    data,
                  ),
                )
              }
              if (!("result" in reply))
                return reject(new NodeRpcError(-32603, `HTTP ${response.statusCode}: no result`))
              resolve(reply.result)
            })
            response.on("error", reject)
          },
        )
        // The whole call is bounded, not only an idle socket: a node that trickles bytes is cut too.
        const timer = setTimeout(
          () => outgoing.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
          timeoutMs,
        )
        outgoing.on("error", (error) => {
          clearTimeout(timer)
          reject(error)
        })
        outgoing.end(body)
      }),
  }
}
