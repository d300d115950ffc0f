import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { SecureSite } from "@appkit/secure-site"
import { type Address, parseEther } from "viem"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Anvil } from "../../fixtures/src/index"
import { runCli } from "../support/cli"
import { fundAccount, startStack } from "./support"

/**
 * `sign` and `send` through the embedded wallet when the secure site takes a request and never answers it:
 * --timeout bounds the wait (not core's own 30 s), and the one error line names the site and the request;
 * for a send it says the site may still broadcast it, and how to tell.
 */
let anvil: Anvil
let site: SecureSite
let stop: () => Promise<void>
let address: Address
const env: NodeJS.ProcessEnv = { APPKIT_HOME: mkdtempSync(join(tmpdir(), "appkit-embedded-timeout-")) }
const cli = (args: ReadonlyArray<string>) => runCli(args, { env, timeoutMs: 30_000 })
const errorOf = (stderr: string) => (JSON.parse(stderr) as { error: { code: string; message: string } }).error

beforeAll(async () => {
  ;({ anvil, site, stop } = await startStack())
  env.APPKIT_RPC_URL = anvil.rpcUrl
  const connected = await cli([
    "connect",
    "--email",
    "late@example.com",
    "--dev-otp",
    "--secure-site-url",
    site.url,
    "--chain",
    `eip155:${anvil.chainId}`,
    "--account-type",
    "eoa",
    "--json",
  ])
  expect(connected.code, connected.stderr).toBe(0)
  ;({ address } = JSON.parse(connected.stdout) as { address: Address })
  await fundAccount(anvil, address, parseEther("1"))
}, 120_000)

afterEach(() => site.leaveUnanswered([]))
afterAll(() => stop?.())

describe("appkit-cli through an embedded wallet whose secure site never answers", () => {
  /** `sign message` with --timeout 2s while the site leaves calls to `endpoints` unanswered: its one error. */
  const signLeftUnanswered = async (endpoints: Parameters<SecureSite["leaveUnanswered"]>[0]) => {
    site.leaveUnanswered(endpoints)
    const result = await cli(["sign", "message", "hello", "--timeout", "2s", "--json"])
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    return errorOf(result.stderr)
  }

  it("sign message: ends the wait at --timeout, naming the site and the request (exit 2)", async () => {
    expect(await signLeftUnanswered(["rpc"])).toEqual({
      code: "WalletRequestTimeout",
      message: "The secure site did not answer personal_sign within 2 s",
    })
  }, 30_000)

  it("send: says the site may still broadcast it, and the transaction count that tells (exit 2)", async () => {
    site.leaveUnanswered(["rpc"])
    const receiver = anvil.accounts[1]?.address as Address
    const result = await cli(["send", "--to", receiver, "--amount", "0.01", "--timeout", "2s", "--json"])
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const error = errorOf(result.stderr)
    expect(error.code).toBe("WalletRequestTimeout")
    expect(error.message).toContain(
      "The secure site did not answer eth_sendTransaction within 2 s: it may still broadcast the transaction",
    )
    expect(error.message).toContain("its transaction count (pending ones included) was 0")
  }, 30_000)

  it("a site that takes the session's reconnection and never answers: ends at --timeout (exit 2)", async () => {
    expect(await signLeftUnanswered(["session", "user", "network"])).toEqual({
      code: "Timeout",
      message: "The secure site did not answer the session's reconnection within 2 s",
    })
  }, 30_000)

  it("without --timeout, the frame's own bound on its site ends the wait, saying the site did not answer (exit 2)", async () => {
    // (not 'cannot be reached': the site took the request; a person checks a slow service, not their network)
    site.leaveUnanswered(["rpc"])
    const result = await runCli(["sign", "message", "hello", "--json"], { env, timeoutMs: 60_000 })
    expect(result.code).toBe(2)
    expect(errorOf(result.stderr).message).toMatch(/^The wallet service did not answer within 28 s\b/)
  }, 70_000)

  it("answered again, the same session signs within --timeout", async () => {
    const result = await cli(["sign", "message", "hello", "--timeout", "20s", "--json"])
    expect(result.code, result.stderr).toBe(0)
  }, 30_000)
})
