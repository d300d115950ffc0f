import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * Text the API sends (a wallet's name) is the API's to choose, not the terminal's to obey: printed in a
 * table it must stay one row, and an escape sequence in it must reach the screen as text, never as a
 * command to the terminal (clear the screen, retitle the window, rewrite earlier lines).
 */
describe("wallets list prints the API's text, not its control characters", () => {
  let api: Server
  let apiUrl: string
  beforeAll(async () => {
    api = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" })
      response.end(
        JSON.stringify({
          count: 2,
          data: [
            {
              id: "a",
              name: "Evil\u001b[2J\u001b]0;pwned\u0007 Wallet",
              order: 1,
              rdns: "com.evil\nInjected row",
            },
            { id: "b", name: "Plain Wallet", order: 2, rdns: "com.plain" },
          ],
        }),
      )
    })
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve))
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))

  it("one row per wallet, every control character shown escaped", async () => {
    const result = await runCli(["wallets", "list", "--api-url", apiUrl], {
      env: { APPKIT_CONFIG: "/nonexistent/config.json", APPKIT_PROJECT_ID: "" },
    })
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split("\n")
    // header, two wallets, the page line
    expect(lines).toHaveLength(4)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character but the line breaks
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/)
    expect(lines[1]).toContain("Evil\\u001b[2J\\u001b]0;pwned\\u0007 Wallet")
    expect(lines[1]).toContain("com.evil\\nInjected row")
  })
})
