import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freeStackPorts, runCli } from "../support/cli"
import { type DemoStack, startDemoStack } from "./support/stack"

/** A raw GET (no URL normalisation on the client side), for the path-traversal cases. */
const get = (base: string, path: string, method = "GET") =>
  new Promise<{ status: number; type: string | undefined; cache: string | undefined; body: string }>(
    (resolve, reject) => {
      const url = new URL(base)
      const req = request({ host: url.hostname, port: url.port, path, method }, (response) => {
        let body = ""
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk))
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            type: response.headers["content-type"],
            cache: response.headers["cache-control"],
            body,
          }),
        )
      })
      req.on("error", reject)
      req.end()
    },
  )

describe("appkit-cli dev --serve", () => {
  let dir: string
  let stack: DemoStack
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "appkit-serve-"))
    mkdirSync(join(dir, "assets"))
    mkdirSync(join(dir, "bare"))
    writeFileSync(join(dir, "index.html"), "<title>root</title>")
    writeFileSync(join(dir, "bare", "index.html"), "<title>bare</title>")
    writeFileSync(join(dir, "with-head.html"), "<html><head><title>head</title></head><body></body></html>")
    writeFileSync(join(dir, "assets", "app-1a2b.js"), "export {}")
    stack = await startDemoStack(dir)
  }, 60_000)
  afterAll(async () => {
    await stack?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("serves the page on 127.0.0.1 with the stack's URLs, directory indexes and page routes", async () => {
    expect(stack.pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const config = await get(stack.pageUrl, "/appkit-stack.json")
    expect(JSON.parse(config.body)).toEqual({
      rpcUrl: stack.rpcUrl,
      chainId: "eip155:1",
      apiUrl: stack.apiUrl,
      relayUrl: stack.relayUrl,
      solanaRpcUrl: stack.solanaRpcUrl,
      solanaChainId: stack.solanaChainId,
      secureSiteUrl: stack.secureSiteUrl,
      secureSiteStore: "pglite",
      swap: stack.swap,
    })
    expect(config.cache).toBe("no-store")
    expect(await get(stack.pageUrl, "/")).toMatchObject({
      status: 200,
      body: "<title>root</title>",
      cache: "no-cache",
    })
    expect((await get(stack.pageUrl, "/bare/")).body).toBe("<title>bare</title>")
    expect((await get(stack.pageUrl, "/account/settings")).body).toBe("<title>root</title>")
    expect(await get(stack.pageUrl, "/assets/app-1a2b.js")).toMatchObject({
      status: 200,
      type: "text/javascript; charset=utf-8",
      cache: "public, max-age=31536000, immutable",
    })
  })

  it("writes the stack's URLs into a page with a head, so it needs no request for them", async () => {
    const page = await get(stack.pageUrl, "/with-head.html")
    const inline = page.body.match(
      /^<html><head><title>head<\/title><script type="application\/json" data-appkit-document="\/appkit-stack.json">(.*)<\/script><\/head><body><\/body><\/html>$/,
    )
    expect(inline?.[1] && JSON.parse(inline[1])).toEqual(
      JSON.parse((await get(stack.pageUrl, "/appkit-stack.json")).body),
    )
    expect((await get(stack.pageUrl, "/with-head.html", "HEAD")).status).toBe(200)
  })

  it("serves nothing outside its directory, no missing file, and only GET and HEAD", async () => {
    // Dot segments are resolved by the URL itself (a page route: the root page, never the file)...
    expect((await get(stack.pageUrl, "/../../etc/passwd")).body).toBe("<title>root</title>")
    // ...and encoded slashes, decoded after that, would climb out: refused.
    expect((await get(stack.pageUrl, "/assets/..%2f..%2f..%2f..%2fetc%2fpasswd")).status).toBe(404)
    expect((await get(stack.pageUrl, "/assets/missing.js")).status).toBe(404)
    expect((await get(stack.pageUrl, "/", "POST")).status).toBe(405)
    expect(await get(stack.pageUrl, "/", "HEAD")).toMatchObject({ status: 200, body: "" })
  })

  it("refuses a directory without a page, in one line (exit 2)", async () => {
    const empty = mkdtempSync(join(tmpdir(), "appkit-serve-empty-"))
    try {
      const result = await runCli(["dev", ...freeStackPorts, "--serve-port", "0", "--serve", empty], {
        timeoutMs: 30_000,
      })
      expect(result.code).toBe(2)
      expect(result.stderr.trim()).toBe(
        `Cannot serve ${empty}: ${empty} has no index.html (build the page first)`,
      )
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
