// @vitest-environment happy-dom
import type { AppKit } from "@appkit/core"
import { connectDiscoveredSolanaWallet, createLocalSolanaApp } from "@appkit/core/testing"
import { createDevSolanaWallet, registerWallet, type SolanaDevnet, startSolanaDevnet } from "@appkit/fixtures"
import { act } from "react"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { settle, type } from "../testing/dom"
import { renderWith } from "../testing/render"
import WalletSend from "./WalletSend"

/**
 * The send view on the Solana namespace (the adapter loaded through `solanaAdapter`), on a local litesvm
 * cluster with the dev Wallet Standard wallet: the token picker lists SOL and the account's SPL holdings read
 * from the node, and sending one goes through the core's Solana send.
 */
let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ accounts: 2 })
})
afterAll(() => devnet.stop())

/** What `owner` holds of `mint`, straight from the node (past the code under test), in base units. */
const heldOf = async (owner: string, mint: string): Promise<bigint> => {
  const response = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getTokenAccountsByOwner",
      params: [owner, { mint }, { encoding: "jsonParsed", commitment: "confirmed" }],
    }),
  })
  const { result } = (await response.json()) as {
    result: {
      value: ReadonlyArray<{ account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }>
    }
  }
  return result.value.reduce(
    (sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
    0n,
  )
}

const click = (element: Element | null | undefined) =>
  act(async () => {
    ;(element as HTMLElement).click()
  })

const connectedOnSolana = async (): Promise<AppKit> => {
  const page = new EventTarget()
  const dev = createDevSolanaWallet({
    keypairs: devnet.accounts,
    chains: [{ id: "solana:localnet", rpcUrl: devnet.rpcUrl }],
  })
  registerWallet(page, dev.wallet)
  const appKit = createLocalSolanaApp(devnet, page)
  await connectDiscoveredSolanaWallet(appKit)
  await appKit.refreshBalance()
  return appKit
}

describe("WalletSend on solana", () => {
  it("lists SOL and the SPL holdings from the node, and sends an SPL token exactly", async () => {
    const appKit = await connectedOnSolana()
    const { container, unmount } = await renderWith(appKit, <WalletSend />)
    try {
      const mint = devnet.mint.address
      const symbol = `${mint.slice(0, 4)}…${mint.slice(-4)}`
      const picker = container.querySelector("button[aria-expanded]")
      await settle(() => picker?.textContent?.includes("SOL") === true)
      await click(picker)
      const rows = () =>
        [...container.querySelectorAll('ul[aria-label="Token tokens"] button')].map((row) =>
          row.getAttribute("data-token"),
        )
      expect(rows()).toEqual(expect.arrayContaining(["SOL", symbol]))
      await click(container.querySelector(`ul[aria-label="Token tokens"] button[data-token="${symbol}"]`))
      expect(appKit.getState().send.token?.address).toBe(`${devnet.chainId}:${mint}`)

      const [sender, receiver] = devnet.accounts.map((account) => account.address) as [string, string]
      const before = { sender: await heldOf(sender, mint), receiver: await heldOf(receiver, mint) }
      await type(container.querySelector("input[inputmode=decimal]"), "1.5")
      await type(container.querySelector('input[placeholder^="Address or name"]'), receiver)
      const problem = () => container.querySelector("[data-testid=send-problem]")?.textContent
      await settle(() => problem() === "Ready to send")
      expect(problem()).toBe("Ready to send")
      // A name is eip155's (§4): nothing is resolved on solana.
      expect(container.querySelector("[data-testid=send-receiver-resolved]")).toBeNull()
      await click(container.querySelector("button[type=submit]"))
      await settle(() => container.querySelector("h3")?.textContent === "Transaction confirmed")
      expect(container.textContent).toContain("Transaction confirmed")
      const units = 1_500_000n * 10n ** BigInt(devnet.mint.decimals - 6)
      expect(await heldOf(receiver, mint)).toBe(before.receiver + units)
      expect(await heldOf(sender, mint)).toBe(before.sender - units)
    } finally {
      unmount()
      await appKit.dispose()
    }
  }, 60_000)
})
