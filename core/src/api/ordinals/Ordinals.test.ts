import { Effect } from "effect"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { runWithApi, testBaseUrl } from "../../testing/http"
import { Ordinals } from "./Ordinals"

const withOrdinals = <A, E>(f: (ordinals: Ordinals["Service"]) => Effect.Effect<A, E>) =>
  runWithApi(Effect.flatMap(Ordinals, f), Ordinals.layer)

const estimate = {
  totalSize: 300,
  totalCost: 12_000,
  costBreakdown: { postage: 546, networkFee: 9000, serviceFee: 2454, appServiceFee: 0 },
}
const mint = { destinationAddress: "bc1pdest", feeRate: 12, runeName: "UNCOMMON•GOODS", repeats: 2 }
const etch = {
  destinationAddress: "bc1pdest",
  feeRate: 12,
  runeName: "MY•RUNE",
  isMintable: true,
  symbol: "R",
}

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("Ordinals", () => {
  it("estimates, creates, executes and reads rune orders", async () => {
    const scope = nock(testBaseUrl)
      .post("/runes/mint/estimate", mint)
      .query({})
      .reply(200, estimate)
      .post("/runes/etch/estimate", etch)
      .reply(200, estimate)
      .post("/runes/mint/orders", { ...mint, refundAddress: "bc1qrefund" })
      .reply(200, { orderId: "o1", fundAddress: "bc1qfund", fundAmount: 12_000 })
      .post("/runes/etch/orders", { ...etch, refundAddress: "bc1qrefund" })
      .reply(200, { orderId: "o2", fundAddress: "bc1qfund", fundAmount: 12_000 })
      .post("/runes/mint/orders/o1/execute", { fundTransactionId: "f1" })
      .reply(200, { id: "x1", orderId: "o1", state: "pending" })
      .post("/runes/etch/orders/o2/execute", { fundTransactionId: "f2" })
      .reply(200, { id: "x2", orderId: "o2", state: "pending" })
      .get("/orders/o1")
      .reply(200, {
        id: "o1",
        orderType: "rune_mint",
        state: "executing",
        fundingAddress: "bc1qfund",
        createdAt: "2026-01-01",
      })
      .post("/orders/o1/rbf-estimate", { newFeeRate: 30 })
      .reply(200, { rbfCost: 4000, fundingAddress: "bc1qfund" })
    const results = await withOrdinals((o) =>
      Effect.all([
        o.estimateMint("Mainnet", mint),
        o.estimateEtch("Mainnet", etch),
        o.createMintOrder("Mainnet", { ...mint, refundAddress: "bc1qrefund" }),
        o.createEtchOrder("Mainnet", { ...etch, refundAddress: "bc1qrefund" }),
        o.executeOrder("Mainnet", { kind: "mint", orderId: "o1", fundTransactionId: "f1" }),
        o.executeOrder("Mainnet", { kind: "etch", orderId: "o2", fundTransactionId: "f2" }),
        o.getOrder("Mainnet", "o1"),
        o.estimateRbf("Mainnet", { orderId: "o1", newFeeRate: 30 }),
      ]),
    )
    expect(scope.isDone()).toBe(true)
    expect(results[0].totalCost).toBe(12_000)
    expect(results[6].state).toBe("executing")
    expect(results[7].rbfCost).toBe(4000)
  })

  it("prefixes non-mainnet networks", async () => {
    const scope = nock(testBaseUrl).get("/signet/orders/o9").reply(200, {
      id: "o9",
      orderType: "rune_etch",
      state: "complete",
      fundingAddress: "tb1q",
      createdAt: "2026-01-01",
    })
    await withOrdinals((o) => o.getOrder("Signet", "o9"))
    expect(scope.isDone()).toBe(true)
  })

  it("refuses Regtest without calling", async () => {
    const error = await withOrdinals((o) => Effect.flip(o.estimateMint("Regtest", mint)))
    expect(error.message).toBe("Regtest is not supported by the ordinals service")
  })

  it("rejects satoshi amounts that are not whole", async () => {
    nock(testBaseUrl)
      .post("/runes/mint/orders")
      .reply(200, { orderId: "o1", fundAddress: "bc1qfund", fundAmount: 12_000.5 })
      .post("/orders/o1/rbf-estimate")
      .reply(200, { rbfCost: -1, fundingAddress: "bc1qfund" })
    const errors = await withOrdinals((o) =>
      Effect.all([
        Effect.flip(o.createMintOrder("Mainnet", { ...mint, refundAddress: "bc1qrefund" })),
        Effect.flip(o.estimateRbf("Mainnet", { orderId: "o1", newFeeRate: 20 })),
      ]),
    )
    expect(errors.map((e) => e._tag)).toEqual(["ResponseDecodeError", "ResponseDecodeError"])
  })

  it("maps failures to typed errors", async () => {
    nock(testBaseUrl)
      .get("/orders/nope")
      .reply(404, "no such order")
      .get("/orders/odd")
      .reply(200, { id: "odd", state: "???" })
    const errors = await withOrdinals((o) =>
      Effect.all([Effect.flip(o.getOrder("Mainnet", "nope")), Effect.flip(o.getOrder("Mainnet", "odd"))]),
    )
    expect(errors.map((e) => e.message.split(":")[0])).toEqual([
      "HTTP status code",
      "Unexpected response from http",
    ])
  })
})
