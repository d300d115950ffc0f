import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"

/**
 * §1: balances and sends exist on eip155 and solana only. `balance` / `send` with a --chain of another
 * namespace is an argument the core's rule refuses, so the output contract's exit 1 applies (as `tokens`
 * and `activity` answer it), with the §1 text and the value named; no endpoint is looked up or asked.
 */
const home = mkdtempSync(join(tmpdir(), "appkit-unsupported-chain-"))
afterAll(() => rmSync(home, { recursive: true, force: true }))

const chains = [
  "polkadot:91b171bb158e2d3848fa23a9f1c25182",
  "cosmos:cosmoshub-4",
  "bip122:000000000019d6689c085ae165831e93",
]

describe("balance and send on a chain without balances or sends", () => {
  it.each(chains)("refuse --chain %s with exit 1, 'Unsupported chain' and the value", async (chain) => {
    const env = { APPKIT_HOME: home }
    const balance = await runCli(
      ["balance", "x", "--chain", chain, "--rpc-url", "http://127.0.0.1:1", "--json"],
      {
        env,
      },
    )
    expect(balance.code).toBe(1)
    expect(JSON.parse(balance.stderr)).toEqual({
      error: { code: "UnsupportedSendChainError", message: `--chain ${chain}: Unsupported chain` },
    })
    const send = await runCli(["send", "--chain", chain, "--to", "x", "--amount", "1"], { env })
    expect([send.code, send.stderr]).toEqual([1, `--chain ${chain}: Unsupported chain\n`])
  })
})
