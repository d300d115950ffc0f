import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * `connect --timeout D` ends the wait for a wallet with 'No wallet approved within D'. When the relay never
 * answered, no URI or QR code was ever shown, so no wallet could have approved: the line must say that the
 * relay is what did not answer, the way the connector's own bound says it.
 */
describe("connect --timeout when the relay never answers", () => {
  let home: string
  let silent: Server
  let relayUrl: string
  const sockets = new Set<Socket>()
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "appkit-relay-timeout-"))
    // Accepts the TCP connection and never answers the WebSocket upgrade: a relay that hangs.
    silent = createServer((socket) => {
      sockets.add(socket)
    })
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const address = silent.address()
    relayUrl = `ws://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
  })
  afterAll(async () => {
    rmSync(home, { recursive: true, force: true })
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  it.each([
    ["a refused connection", () => "ws://127.0.0.1:1"],
    ["a relay that hangs", () => relayUrl],
  ])("names the relay, not the wallet, after %s (exit 2)", async (_case, relay) => {
    const result = await runCli(
      ["connect", "--relay-url", relay(), "--project-id", "test", "--timeout", "1", "--json"],
      { env: { APPKIT_HOME: home } },
    )
    expect(result.code).toBe(2)
    expect(result.stdout).toBe("")
    expect(JSON.parse(result.stderr)).toEqual({
      error: { code: "Timeout", message: `The relay at ${relay()} did not answer within 1 s` },
    })
  })
})
