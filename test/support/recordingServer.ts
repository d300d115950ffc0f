import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface RecordingServer {
  readonly url: string
  /** The body of every request received, in order (clear it between cases with `length = 0`). */
  readonly requests: Array<string>
  readonly close: () => Promise<void>
}

/**
 * A loopback HTTP server that records every request body and answers with `answer`: the node or API a test
 * proves was (or was never) asked.
 */
export const startRecordingServer = async (
  answer: (body: string, response: ServerResponse<IncomingMessage>) => void,
): Promise<RecordingServer> => {
  const requests: Array<string> = []
  const server = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      requests.push(body)
      answer(body, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * For a recording server standing in front of a real node: passes the JSON-RPC `body` on to `rpcUrl` and,
 * unless `answer` is false (a node that took the request but never answers), the node's answer back.
 */
export const forwardRpc = (
  rpcUrl: string,
  body: string,
  response: ServerResponse<IncomingMessage>,
  answer = true,
): void => {
  fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body })
    .then(async (reply) => {
      const text = await reply.text()
      if (answer) response.writeHead(reply.status).end(text)
    })
    .catch(() => response.writeHead(502).end())
}
