import { type Anvil, startAnvil, startDevWallet, startRelay } from "@appkit/fixtures"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith } from "./support"

/**
 * A stored WalletConnect session whose relay has gone since `connect`: a send cannot reach the wallet, and
 * the one error line says that in WalletConnect's words, naming the relay. The node was never asked to take
 * a transaction, so a line blaming it ('The node rejected the transaction') would send the user to the
 * wrong place.
 */
describe("send over a stored session whose relay is gone", () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
  })
  afterAll(() => anvil.stop())

  it("names the relay as what failed, not the node (exit 2)", { timeout: 60_000 }, async () => {
    const relay = await startRelay({ quiet: true })
    const wallet = await startDevWallet({ relayUrl: relay.url, storagePrefix: "relay-gone" })
    const env = { ...cliEnv(relay.url), APPKIT_RPC_URL: anvil.rpcUrl }
    try {
      expect((await connectWith(wallet, env)).code).toBe(0)
    } finally {
      await wallet.close()
      await relay.close()
    }
    const receiver = anvil.accounts[1]?.address ?? ""
    const result = await runCli(["send", "--to", receiver, "--amount", "0.01", "--json"], {
      env,
      timeoutMs: 45_000,
    })
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.message).not.toContain("node")
    expect(error).toMatchObject({ code: "WalletConnectError" })
    expect(error.message).toContain(relay.url)
  })
})
