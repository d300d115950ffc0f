import { fileURLToPath } from "node:url"
import { type SolanaDevnet, startSolanaDevnet } from "@appkit/fixtures"
import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundlePageScript, type ChromiumPage, hasChromium, openChromiumPage } from "../support/chromium"
import { lamportsOf } from "./support"

// Wallet Standard in a real browser: Debian's chromium (never a downloaded one) runs the dev Solana wallet
// and core's discovery, connector and adapter in one page; the wallet sends through the local chain.
// Skipped where chromium is absent.
describe.skipIf(!hasChromium)(
  "the dev Solana wallet and core's Wallet Standard discovery in chromium",
  () => {
    let devnet: SolanaDevnet
    let chromium: ChromiumPage
    let page: Page
    const approvals: Array<string> = []
    let rejectNext = false

    beforeAll(async () => {
      const [started, script, opened] = await Promise.all([
        startSolanaDevnet({ accounts: 2 }),
        bundlePageScript(fileURLToPath(new URL("./browser/page.ts", import.meta.url))),
        openChromiumPage(),
      ])
      devnet = started
      chromium = opened
      page = opened.page
      await page.exposeFunction("approveSolanaRequest", (method: string) => {
        approvals.push(method)
        const approved = !rejectNext
        rejectNext = false
        return approved
      })
      await page.setContent("<!doctype html><title>dApp</title>")
      await page.addScriptTag({ content: script })
    }, 60_000)

    afterAll(async () => {
      await chromium?.close()
      await devnet?.stop()
    })

    it("finds a wallet registered before the dApp and one registered after, connects, signs, sends and disconnects", async () => {
      const secretKeys = devnet.accounts.map((account) => [...account.secretKey])
      await page.evaluate(([rpcUrl, keys]) => window.installSolanaDevWallet("Early Wallet", rpcUrl, keys), [
        devnet.rpcUrl,
        secretKeys,
      ] as const)
      await page.evaluate((chainId) => window.startSolanaDiscovery(chainId), devnet.chainId)
      await page.evaluate(([rpcUrl, keys]) => window.installSolanaDevWallet("Late Wallet", rpcUrl, keys), [
        devnet.rpcUrl,
        secretKeys,
      ] as const)
      await page.waitForFunction(() => window.seenWallets.at(-1)?.length === 2, undefined, { timeout: 5_000 })
      expect(await page.evaluate(() => window.seenWallets)).toEqual([
        ["Early Wallet"],
        ["Early Wallet", "Late Wallet"],
      ])

      const [alice, bob] = devnet.accounts.map((account) => account.address) as [string, string]
      const connected = await page.evaluate(() => window.connectSolanaWallet("Late Wallet"))
      expect(connected.result).toMatchObject({
        accounts: [`${devnet.chainId}:${alice}`],
        chainId: devnet.chainId,
      })

      const message = new TextEncoder().encode("gm from chromium")
      const signed = await page.evaluate(
        ([text, pubkey]) => window.solanaRequest("solana_signMessage", { message: text, pubkey }),
        [base58.encode(message), alice] as const,
      )
      const { signature } = signed.result as { signature: string }
      expect(ed25519.verify(base58.decode(signature), message, base58.decode(alice))).toBe(true)

      rejectNext = true
      const refused = await page.evaluate(
        ([text, pubkey]) => window.solanaRequest("solana_signMessage", { message: text, pubkey }),
        [base58.encode(message), alice] as const,
      )
      expect(refused.error).toMatchObject({ code: 4001 })

      const bobBefore = await lamportsOf(devnet, bob)
      const sent = await page.evaluate(([rpcUrl, to]) => window.sendSol(rpcUrl, to, "250000000"), [
        devnet.rpcUrl,
        bob,
      ] as const)
      expect(sent.error).toBeUndefined()
      expect(await lamportsOf(devnet, bob)).toBe(bobBefore + 250_000_000n)
      expect(approvals).toEqual([
        "standard:connect",
        "solana:signMessage",
        "solana:signMessage",
        "solana:signAndSendTransaction",
      ])

      const notAllowed = await page.evaluate(() => window.solanaRequest("eth_sendTransaction", []))
      expect(notAllowed.error?.message).toBe("Requested RPC call is not allowed")

      await page.evaluate(() => window.disconnectSolanaWallet())
      expect(await page.evaluate(() => window.solanaEvents)).toEqual([{ _tag: "disconnect" }])
    })
  },
)
