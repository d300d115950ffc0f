import { bip122SessionHandler, regtestFunding } from "@appkit/fixtures"
import { beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useRelayAndWallets } from "./support"

/**
 * `btc` commands over a bip122 WalletConnect session whose wallet leaves its requests unanswered (its app in
 * the background): --timeout bounds the wallet's wait as it does for `sign` and `send`, not the wallet
 * requests' own 5 minutes, and the one error line names the wallet and the request.
 */
const regtest = "bip122:0f9188f13cb7b2c71f2a335e3a4fc328"
const stack = useRelayAndWallets("btc-pending")

describe("appkit-cli btc --timeout through a wallet that never answers", { timeout: 60_000 }, () => {
  let env: NodeJS.ProcessEnv
  beforeAll(async () => {
    const wallet = await stack.devWallet({
      // Never asked: the wallet answers nothing.
      bitcoin: bip122SessionHandler({ esploraUrl: "http://127.0.0.1:9" }),
      ignoreRequests: true,
    })
    env = { ...cliEnv(stack.relay.url), APPKIT_BTC_PRIVATE_KEY: "", APPKIT_API_URL: "http://127.0.0.1:9" }
    expect((await connectWith(wallet, env, { chains: [regtest] })).code).toBe(0)
  })

  it("sign-message: ends the wallet's wait at --timeout, naming the wallet (exit 2)", async () => {
    const result = await runCli(
      ["btc", "sign-message", "hello", "--network", "regtest", "--timeout", "2s", "--json"],
      { env, timeoutMs: 30_000 },
    )
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("WalletRequestTimeout")
    expect(error.message).toMatch(/^AppKit Dev Wallet did not answer \S+ within 2s/)
  })
})

describe("appkit-cli btc send --timeout through a wallet that lists its addresses, then never answers", {
  timeout: 60_000,
}, () => {
  let env: NodeJS.ProcessEnv
  beforeAll(async () => {
    const served = bip122SessionHandler({ esploraUrl: "http://127.0.0.1:9" })
    const wallet = await stack.devWallet({
      // Its addresses are listed; the transfer is left for the user, who never comes back to it.
      bitcoin: {
        accountsOn: served.accountsOn,
        answer: (request, chainId) =>
          request.method === "getAccountAddresses" ? served.answer(request, chainId) : new Promise(() => {}),
      },
    })
    env = { ...cliEnv(stack.relay.url), APPKIT_BTC_PRIVATE_KEY: "", APPKIT_API_URL: "http://127.0.0.1:9" }
    expect((await connectWith(wallet, env, { chains: [regtest] })).code).toBe(0)
  })

  it("says the transfer is still pending in the wallet and may yet be sent (exit 2)", async () => {
    const to = regtestFunding[2]?.address as string
    const result = await runCli(
      ["btc", "send", "--to", to, "--amount", "0.001", "--network", "regtest", "--timeout", "2s", "--json"],
      { env, timeoutMs: 30_000 },
    )
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } }
    expect(error.code).toBe("WalletRequestTimeout")
    expect(error.message).toContain("AppKit Dev Wallet did not answer sendTransfer within 2s")
    expect(error.message).toContain(
      "still pending in AppKit Dev Wallet and may yet be approved there: if it is, the transaction is sent",
    )
  })
})
