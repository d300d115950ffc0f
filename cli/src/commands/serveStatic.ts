import { createReadStream } from "node:fs"
import { readFile, stat } from "node:fs/promises"
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { extname, join, normalize, resolve, sep } from "node:path"
import { inlineDocuments } from "./inlineDocuments"

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
}

const notFound = (response: ServerResponse) =>
  void response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found")

export interface StaticServer {
  readonly url: string
  readonly close: () => Promise<void>
}

/** `dir` holds a built page (its index.html), else an error saying to build it first. */
export const requirePage = async (dir: string): Promise<void> => {
  if (!(await stat(join(resolve(dir), "index.html")).catch(() => undefined))?.isFile())
    throw new Error(`${dir} has no index.html (build the page first)`)
}

/**
 * A static file server on 127.0.0.1 for a built page (`dev --serve DIR`): files under `dir` only (a path
 * that climbs out is 404), a directory's `index.html`, the root `index.html` for other extension-less paths
 * (client-side routes), and the JSON documents of
 * `documents` at their paths (the page learns the stack's URLs from one), also written into every HTML page
 * (see inlineDocuments) so the page needs no request for them. Hashed assets are cached for good, the rest
 * revalidated.
 */
export const serveStatic = async (options: {
  readonly dir: string
  readonly port: number
  readonly documents?: Readonly<Record<string, unknown>>
}): Promise<StaticServer> => {
  await requirePage(options.dir)
  const root = resolve(options.dir)
  const isFile = async (path: string) => (await stat(path).catch(() => undefined))?.isFile() === true
  // A directory's own index.html, else the file itself; a page route (no extension) falls back to the root page.
  const fileFor = async (candidate: string, pageRoute: boolean) => {
    if (await isFile(join(candidate, "index.html"))) return join(candidate, "index.html")
    if (await isFile(candidate)) return candidate
    return pageRoute ? join(root, "index.html") : undefined
  }
  const sockets = new Set<Socket>()
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname)
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end()
      return
    }
    const document = options.documents?.[path]
    if (document !== undefined) {
      response.writeHead(200, { "content-type": contentTypes[".json"], "cache-control": "no-store" })
      response.end(JSON.stringify(document))
      return
    }
    const candidate = normalize(join(root, path))
    const inside = candidate === root || candidate.startsWith(root + sep)
    const file = inside ? await fileFor(candidate, extname(path) === "") : undefined
    const info = file === undefined ? undefined : await stat(file).catch(() => undefined)
    if (file === undefined || !info?.isFile()) return notFound(response)
    const documents = options.documents
    // An HTML page carries the documents in it; read whole (it is small), or 404 if it went away meanwhile.
    const page =
      extname(file) === ".html" && documents !== undefined
        ? await readFile(file, "utf8").then(
            (html) => Buffer.from(inlineDocuments(html, documents)),
            () => null,
          )
        : undefined
    if (page === null) return notFound(response)
    response.writeHead(200, {
      "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
      "content-length": page?.length ?? info.size,
      "cache-control": file.includes(`${sep}assets${sep}`)
        ? "public, max-age=31536000, immutable"
        : "no-cache",
    })
    if (request.method === "HEAD") response.end()
    else if (page !== undefined) response.end(page)
    else createReadStream(file).pipe(response)
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((done, fail) => {
    server.once("error", fail)
    server.listen(options.port, "127.0.0.1", () => done())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      }),
  }
}
