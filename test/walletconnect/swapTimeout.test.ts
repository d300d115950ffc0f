import { createClient, type Hex, http } from "viem"
import { getTransactionCount } from "viem/actions"
import { beforeAll, describe, expect, it } from "vitest"
import { useSwapStack } from "../features/support"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useHungRelay, useRelayAndWallets } from "./support"

/**
 * `swap --execute` through a WalletConnect wallet that leaves its requests unanswered (its app in the
 * background): --timeout bounds the wait as it does for `send`, and the one error line says what send's
 * does: the request is still pending in the wallet, which sends the transaction if it approves it later,
 * and the account's transaction count read before the request tells whether it did.
 */
const swapStack = useSwapStack()
const relay = useRelayAndWallets("swap-timeout")
const hungRelay = useHungRelay()

describe("appkit-cli swap --execute --timeout through a wallet that never answers", {
  timeout: 60_000,
}, () => {
  let env: NodeJS.ProcessEnv
  const account = () => swapStack().anvil.accounts[1] as { address: Hex; privateKey: Hex }
  beforeAll(async () => {
    const { anvil, api } = swapStack()
    const wallet = await relay.devWallet({
      rpcUrl: anvil.rpcUrl,
      privateKey: account().privateKey,
      ignoreRequests: true,
    })
    env = {
      ...cliEnv(relay.relay.url),
      APPKIT_RPC_URL: anvil.rpcUrl,
      APPKIT_API_URL: api.url,
      APPKIT_PROJECT_ID: "test",
      APPKIT_CONFIG: "/nonexistent/appkit-cli.json",
    }
    expect((await connectWith(wallet, env, { chains: ["eip155:1"] })).code).toBe(0)
  })

  it("ends the wallet's wait at --timeout: still pending there, and the transaction count that tells (exit 2)", async () => {
    const count = await getTransactionCount(createClient({ transport: http(swapStack().anvil.rpcUrl) }), {
      address: account().address,
      blockTag: "pending",
    })
    const result = await runCli(
      ["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--execute", "--timeout", "2s", "--json"],
      { env, timeoutMs: 30_000 },
    )
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("WalletRequestTimeout")
    expect(error.message).toContain("did not answer eth_sendTransaction within 2s")
    expect(error.message).toContain("still pending in AppKit Dev Wallet and may yet be approved")
    expect(error.message).toContain("if it is, the transaction is sent")
    expect(error.message).toContain(
      `its transaction count (pending ones included) was ${count}: a higher count means the wallet sent it`,
    )
  })

  describe("over a stored session whose relay now hangs", () => {
    let hung: NodeJS.ProcessEnv
    beforeAll(() => {
      hung = hungRelay.sessionOn(env)
    })

    it.each([
      ["swap --execute", ["--execute"]],
      ["a swap quote for the wallet's account", []],
    ])("%s --timeout 1s: ends with the relay named and the bound given (exit 2)", async (_name, extra) => {
      const result = await runCli(
        ["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", ...extra, "--timeout", "1s", "--json"],
        { env: hung, timeoutMs: 12_000 },
      )
      expect(result.stdout).toBe("")
      expect(result.code).toBe(2)
      const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
      expect(error.message).toBe(`The relay at ${hungRelay.url} did not answer within 1 s`)
    })
  })

  it("refuses a --timeout that is no duration before anything is asked (exit 1)", async () => {
    // A node that is not there: the duration is read before the node, the relay or the wallet is asked.
    const result = await runCli(
      ["swap", "--from", "TKA", "--to", "TKB", "--amount", "1", "--execute", "--timeout", "soon", "--json"],
      { env: { ...env, APPKIT_RPC_URL: "http://127.0.0.1:9" } },
    )
    expect(result.stdout).toBe("")
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stderr).error.message).toBe(
      "--timeout must be a positive duration in seconds (e.g. 10, 2.5, 10s or 500ms) up to a day, got 'soon'",
    )
  })
})
