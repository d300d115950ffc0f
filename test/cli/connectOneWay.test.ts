import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * `connect` signs in one way per run (the README's forms: WalletConnect, a local signer, an email or social
 * login). Naming a local signer beside --email / --social is refused as --email with --social is, before
 * anything is asked of the secure site, instead of one of the two being silently dropped.
 */
describe("connect with a local signer and an embedded-wallet login", () => {
  const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
  let home: string
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "appkit-connect-one-way-"))
  })
  afterAll(() => rmSync(home, { recursive: true, force: true }))

  it.each([
    [["--email", "user@example.com", "--private-key", key], "--email and --private-key"],
    [["--social", "google", "--keystore", "/nonexistent/key.json"], "--social and --keystore"],
  ])("%j is refused (exit 1) naming both", async (args, named) => {
    const result = await runCli(["connect", ...args, "--secure-site-url", "http://127.0.0.1:1", "--json"], {
      env: { APPKIT_HOME: home },
    })
    expect(result.stdout).toBe("")
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      JSON.stringify({ error: { code: "InvalidInput", message: `${named}: choose one way to sign in` } }),
    )
    expect(result.code).toBe(1)
  })
})
