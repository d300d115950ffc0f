import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

/** A loopback server for a test's own pages: each path answers a fixed HTML or script body. */
export const servePages = async (
  pages: Readonly<Record<string, { readonly type: "html" | "js"; readonly body: string }>>,
): Promise<{ readonly origin: string; readonly close: () => Promise<void> }> => {
  const server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? "/", "http://x").pathname]
    if (page === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      "content-type": page.type === "html" ? "text/html; charset=utf-8" : "text/javascript",
    })
    response.end(page.body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
