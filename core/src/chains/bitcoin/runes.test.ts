import { Effect } from "effect"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { Ordinals } from "../../api/ordinals/Ordinals"
import { BitcoinRpcError } from "../../errors/bitcoin"
import { runWithApi, testBaseUrl } from "../../testing/http"
import { estimateRuneOrderRbf, etchRunes, mintRunes } from "./runes"

const order = {
  destinationAddress: "bc1pdest",
  refundAddress: "bc1qrefund",
  feeRate: 10,
  runeName: "UNCOMMON•GOODS",
  repeats: 1,
}
const estimate = {
  totalSize: 150,
  totalCost: 3046,
  costBreakdown: { postage: 546, networkFee: 1500, serviceFee: 1000, appServiceFee: 0 },
}
const fundTxid = "ab".repeat(32)

const payer = () => {
  const payments: Array<unknown> = []
  return {
    payments,
    wallet: {
      sendTransfer: async (recipients: ReadonlyArray<unknown>) => {
        payments.push(recipients)
        return fundTxid
      },
    },
  }
}

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("rune orders", () => {
  it("mints: estimate, order, pay the funding address exactly, then execute with the funding txid", async () => {
    const { refundAddress: _refund, ...estimateBody } = order
    const scope = nock(testBaseUrl)
      .post("/runes/mint/estimate", estimateBody)
      .reply(200, estimate)
      .post("/runes/mint/orders", order)
      .reply(200, { orderId: "order-1", fundAddress: "bc1pfund", fundAmount: 3046 })
      .post("/runes/mint/orders/order-1/execute", { fundTransactionId: fundTxid })
      .reply(200, { id: "exec-1", orderId: "order-1", state: "executing" })
    const { payments, wallet } = payer()
    const result = await runWithApi(mintRunes({ network: "Mainnet", order, wallet }), Ordinals.layer)
    expect(payments).toEqual([[{ recipient: "bc1pfund", amount: "3046" }]])
    expect(result).toEqual({
      orderId: "order-1",
      fundTransactionId: fundTxid,
      fundingAddress: "bc1pfund",
      estimate,
    })
    expect(scope.isDone()).toBe(true)
  })

  it("etches on testnet4 through its own prefix", async () => {
    const etch = {
      destinationAddress: "tb1pdest",
      refundAddress: "tb1qrefund",
      feeRate: 2,
      runeName: "MY•RUNE",
      isMintable: false,
    }
    nock(testBaseUrl)
      .post("/testnet4/runes/etch/estimate")
      .reply(200, estimate)
      .post("/testnet4/runes/etch/orders")
      .reply(200, { orderId: "order-2", fundAddress: "tb1pfund", fundAmount: 3000 })
      .post("/testnet4/runes/etch/orders/order-2/execute")
      .reply(200, { id: "exec-2", orderId: "order-2", state: "executing" })
    const { wallet } = payer()
    expect(
      (await runWithApi(etchRunes({ network: "Testnet4", order: etch, wallet }), Ordinals.layer)).orderId,
    ).toBe("order-2")
  })

  it("refuses regtest before asking the service or the wallet", async () => {
    const scope = nock(testBaseUrl).post(/.*/).reply(200, {})
    const { payments, wallet } = payer()
    const error = await runWithApi(
      Effect.flip(mintRunes({ network: "Regtest", order, wallet })),
      Ordinals.layer,
    )
    expect(error.message).toBe("Regtest is not supported by the ordinals service")
    expect(payments).toEqual([])
    expect(scope.isDone()).toBe(false)
  })

  it("does not pay an order that asks for more than the estimate", async () => {
    nock(testBaseUrl)
      .post("/runes/mint/estimate")
      .reply(200, estimate)
      .post("/runes/mint/orders")
      .reply(200, { orderId: "order-3", fundAddress: "bc1pfund", fundAmount: 3047 })
    const { payments, wallet } = payer()
    const error = await runWithApi(
      Effect.flip(mintRunes({ network: "Mainnet", order, wallet })),
      Ordinals.layer,
    )
    expect(error.message).toBe("The order asks for 3047 sat but was estimated at 3046 sat; nothing was paid")
    expect(payments).toEqual([])
  })

  it("fails with the wallet's own typed refusal, and starts no order it did not pay", async () => {
    const scope = nock(testBaseUrl)
      .post("/runes/mint/estimate")
      .reply(200, estimate)
      .post("/runes/mint/orders")
      .reply(200, { orderId: "order-4", fundAddress: "bc1pfund", fundAmount: 3046 })
      .post("/runes/mint/orders/order-4/execute")
      .reply(200, {})
    const declined = new BitcoinRpcError({ code: -32000, message: "User rejected" })
    const wallet = { sendTransfer: () => Promise.reject(declined) }
    const caught = await runWithApi(
      mintRunes({ network: "Mainnet", order, wallet }).pipe(
        Effect.catchTag("BitcoinRpcError", (error) => Effect.succeed(error)),
      ),
      Ordinals.layer,
    )
    expect(caught).toBe(declined)
    expect(scope.isDone()).toBe(false)
  })

  it("estimates replace-by-fee with the new fee rate", async () => {
    nock(testBaseUrl)
      .post("/orders/order-1/rbf-estimate", { newFeeRate: 25 })
      .reply(200, { rbfCost: 6300, fundingAddress: "bc1pfund" })
    expect(
      await runWithApi(
        estimateRuneOrderRbf({ network: "Mainnet", orderId: "order-1", newFeeRate: 25 }),
        Ordinals.layer,
      ),
    ).toEqual({
      rbfCost: 6300,
      fundingAddress: "bc1pfund",
    })
  })
})
