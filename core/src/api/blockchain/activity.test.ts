import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { activityLabel, displayableBalances, visibleTransactions } from "./activity"
import type { Transaction } from "./schemas"

const tx = (id: string, chain: string | undefined, spam: ReadonlyArray<boolean>): Transaction => ({
  id,
  metadata: {
    operationType: "send",
    hash: id,
    minedAt: "2026-01-01T00:00:00Z",
    sentFrom: "a",
    sentTo: "b",
    status: "confirmed",
    nonce: 0,
    ...(chain === undefined ? {} : { chain }),
  },
  transfers: spam.map((is_spam) => ({
    direction: "out" as const,
    quantity: { numeric: "1" },
    nft_info: { flags: { is_spam } },
  })),
})

describe("activityLabel", () => {
  it("labels + for receive, deposit, borrow, claim and - for withdraw, repay, burn", () => {
    expect(["receive", "deposit", "borrow", "claim"].map(activityLabel)).toEqual(["+", "+", "+", "+"])
    expect(["withdraw", "repay", "burn"].map(activityLabel)).toEqual(["-", "-", "-"])
    expect(["send", "trade", "approve", "RECEIVE"].map(activityLabel)).toEqual(["", "", "", "+"])
  })
})

describe("visibleTransactions", () => {
  it("keeps only the connected chain and never shows a spam transfer", () => {
    const chains = fc.constantFrom("eip155:1", "eip155:10", undefined)
    const transactions = fc
      .array(fc.tuple(chains, fc.array(fc.boolean(), { maxLength: 4 })), { maxLength: 20 })
      .map((entries) => entries.map(([chain, spam], i) => tx(String(i), chain, spam)))
    fc.assert(
      fc.property(transactions, (list) => {
        const visible = visibleTransactions(list, "eip155:1")
        for (const t of visible) {
          expect(t.metadata.chain === undefined || t.metadata.chain === "eip155:1").toBe(true)
          expect(t.transfers.some((transfer) => transfer.nft_info?.flags.is_spam)).toBe(false)
        }
        // Nothing legitimate is lost: every non-spam transfer on the chain is still there.
        const expected = list
          .filter((t) => t.metadata.chain !== "eip155:10")
          .flatMap((t) => t.transfers.filter((transfer) => !transfer.nft_info?.flags.is_spam))
        expect(visible.flatMap((t) => t.transfers)).toEqual(expected)
      }),
    )
  })

  it("drops a transaction whose transfers are all spam but keeps one without transfers", () => {
    expect(
      visibleTransactions([tx("a", "eip155:1", [true, true]), tx("b", "eip155:1", [])], "eip155:1").map(
        (t) => t.id,
      ),
    ).toEqual(["b"])
  })
})

describe("displayableBalances", () => {
  it("drops 0-decimal balances only", () => {
    const balance = (decimals: string) => ({
      name: decimals,
      symbol: decimals,
      chainId: "eip155:1",
      price: 0,
      quantity: { decimals, numeric: "1" },
      iconUrl: "",
    })
    expect(displayableBalances([balance("18"), balance("0"), balance("6")]).map((b) => b.symbol)).toEqual([
      "18",
      "6",
    ])
  })
})
