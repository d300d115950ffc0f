import { type Anvil, startAnvil } from "@appkit/fixtures"
import { createClient, http } from "viem"
import { getTransactionCount } from "viem/actions"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runCli } from "../support/cli"
import { cliEnv, connectWith, useRelayAndWallets } from "./support"

/**
 * A wallet that leaves a request unanswered (its app in the background): when the command's --timeout ends
 * the wait, the request is still pending in the wallet, which may approve it yet. The one error line says
 * so; for a send it says how to tell whether the wallet sent it after all (the account's transaction count,
 * read from the node before the request), so the user does not send the money twice.
 */
const stack = useRelayAndWallets("pending")

describe("a WalletConnect request the wallet never answers", { timeout: 60_000 }, () => {
  let anvil: Anvil
  let env: NodeJS.ProcessEnv
  beforeAll(async () => {
    anvil = await startAnvil({ accounts: 2 })
    const wallet = await stack.devWallet({ rpcUrl: anvil.rpcUrl, ignoreRequests: true })
    env = { ...cliEnv(stack.relay.url), APPKIT_RPC_URL: anvil.rpcUrl }
    expect((await connectWith(wallet, env)).code).toBe(0)
  })
  afterAll(() => anvil.stop())

  const errorOf = (stderr: string) =>
    (JSON.parse(stderr) as { error: { code: string; message: string } }).error

  it("send: says the wallet may still send it, and the transaction count that tells (exit 2)", async () => {
    const [sender, receiver] = anvil.accounts
    if (!sender || !receiver) throw new Error("anvil gave too few accounts")
    const count = await getTransactionCount(createClient({ transport: http(anvil.rpcUrl) }), {
      address: sender.address,
      blockTag: "pending",
    })
    const result = await runCli(
      ["send", "--to", receiver.address, "--amount", "0.01", "--timeout", "2s", "--json"],
      { env, timeoutMs: 30_000 },
    )
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const error = errorOf(result.stderr)
    expect(error.code).toBe("WalletRequestTimeout")
    expect(error.message).toContain("did not answer eth_sendTransaction within 2s")
    expect(error.message).toContain("still pending in AppKit Dev Wallet and may yet be approved")
    expect(error.message).toContain(
      `its transaction count (pending ones included) was ${count}: a higher count means the wallet sent it`,
    )
  })

  /** A personal_sign the wallet left unanswered: still pending there, its signature lost to the command. */
  const expectSignaturePending = (result: { code: number | null; stdout: string; stderr: string }) => {
    expect(result.stdout).toBe("")
    expect(result.code).toBe(2)
    const error = errorOf(result.stderr)
    expect(error.code).toBe("WalletRequestTimeout")
    expect(error.message).toContain("did not answer personal_sign within 2s")
    expect(error.message).toContain("still pending in AppKit Dev Wallet and may yet be approved")
    expect(error.message).toContain("an approval given now no longer reaches this command")
    expect(error.message).not.toContain("transaction count")
  }

  it("sign message: says the wallet may still sign, and that the signature would not reach the command", async () => {
    expectSignaturePending(
      await runCli(["sign", "message", "hello", "--timeout", "2s", "--json"], { env, timeoutMs: 30_000 }),
    )
  })

  it("names register: --timeout bounds the wallet's signature too, still pending there (exit 2)", async () => {
    // No API answers: the name's lookup decides nothing, and the signature is what the command waits for.
    expectSignaturePending(
      await runCli(["names", "register", "pending-name", "--timeout", "2s", "--json"], {
        env: { ...env, APPKIT_API_URL: "http://127.0.0.1:9", APPKIT_PROJECT_ID: "test" },
        timeoutMs: 30_000,
      }),
    )
  })
})
