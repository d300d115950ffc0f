import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * `sign message --chain` chooses the kind of signature: solana:… is ed25519, an eip155 chain personal_sign.
 * A chain of another namespace (polkadot, cosmos, bip122) or no chain at all must be refused as the argument
 * it is (exit 1, named), never answered with an EVM signature the user did not ask for.
 */
const home = mkdtempSync(join(tmpdir(), "appkit-sign-chain-"))
afterAll(() => rmSync(home, { recursive: true, force: true }))
const key = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
const sign = (chain: string) =>
  runCli(["sign", "message", "hi", "--chain", chain, "--json"], {
    env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: key },
  })

describe("sign message --chain", () => {
  it.each([
    "polkadot:91b171bb158e2d3848fa23a9f1c25182",
    "cosmos:cosmoshub-4",
    "bip122:000000000019d6689c085ae165831e93",
    "ethereum",
  ])("refuses %s (exit 1, named) instead of signing with the EVM key", async (chain) => {
    const result = await sign(chain)
    expect(result.stdout).toBe("")
    expect(result.code).toBe(1)
    const { error } = JSON.parse(result.stderr.trimEnd().split("\n").at(-1) ?? "") as {
      error: { code: string; message: string }
    }
    expect(error.code).toBe("InvalidInput")
    expect(error.message).toMatch(/^--chain: /)
    expect(error.message).toContain(chain)
  })

  it("signs on an eip155 chain with the EVM key, as without --chain", async () => {
    const [withChain, without] = [
      await sign("eip155:1"),
      await runCli(["sign", "message", "hi", "--json"], {
        env: { APPKIT_HOME: home, APPKIT_PRIVATE_KEY: key },
      }),
    ]
    expect(withChain.code).toBe(0)
    expect(JSON.parse(withChain.stdout)).toEqual(JSON.parse(without.stdout))
  })
})
