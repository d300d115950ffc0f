import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * A relay URL that is not a ws(s) URL is an argument to refuse at once, naming where it came from, rather
 * than a relay to wait for (15 s, or the whole --timeout) before a message about the relay not answering.
 */
describe("a relay URL that is not one", () => {
  let home: string
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-relay-url-"))
  })
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it.each([
    [
      ["connect", "--relay-url", "notaurl", "--project-id", "p"],
      {},
      "--relay-url must be a ws:// or wss:// URL, got 'notaurl'",
    ],
    [
      ["connect", "--relay-url", "http://127.0.0.1:1", "--project-id", "p"],
      {},
      "--relay-url must be a ws:// or wss:// URL, got 'http://127.0.0.1:1'",
    ],
    [
      ["connect", "--project-id", "p"],
      { APPKIT_RELAY_URL: "127.0.0.1:1" },
      "APPKIT_RELAY_URL must be a ws:// or wss:// URL, got '127.0.0.1:1'",
    ],
    [
      ["dev", "wallet", "--uri", "wc:x@2", "--relay-url", "ws://"],
      {},
      "--relay-url must be a ws:// or wss:// URL, got 'ws://'",
    ],
  ])("%j is refused at once (exit 1)", async (args, env, message) => {
    const result = await runCli([...args, "--json"], { env: { APPKIT_HOME: home, ...env }, timeoutMs: 5_000 })
    expect(result.stdout).toBe("")
    expect(JSON.parse(result.stderr)).toEqual({ error: { code: "InvalidInput", message } })
    expect(result.code).toBe(1)
  })
})
