import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { Mempool } from "../../api/mempool/Mempool"
import { awaitFetchStatus, runWithApi, testBaseUrl } from "../../testing/http"
import { getBitcoinBalance } from "./balance"

const testnetAddress = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"
const utxo = (value: number) => ({ txid: "ab".repeat(32), vout: 0, value, status: { confirmed: true } })
const balanceOf = (address: string, network: "Mainnet" | "Signet" | "Testnet4" | "Regtest") =>
  runWithApi(Effect.flip(getBitcoinBalance({ address, network })).pipe(Effect.flip), Mempool.layer)

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("getBitcoinBalance", () => {
  it("asks signet's own URL (AppKit answered signet from the mainnet URL)", async () => {
    const signet = nock(testBaseUrl)
      .get(`/signet/api/address/${testnetAddress}/utxo`)
      .reply(200, [utxo(1), utxo(2)])
    const mainnet = nock(testBaseUrl)
      .get(`/api/address/${testnetAddress}/utxo`)
      .reply(200, [utxo(999)])
    expect(await balanceOf(testnetAddress, "Signet")).toMatchObject({ balance: "0.00000003", symbol: "BTC" })
    expect(signet.isDone()).toBe(true)
    expect(mainnet.isDone()).toBe(false)
  })

  it("asks testnet4's own URL", async () => {
    nock(testBaseUrl)
      .get(`/testnet4/api/address/${testnetAddress}/utxo`)
      .reply(200, [utxo(150_000_000)])
    expect((await balanceOf(testnetAddress, "Testnet4")).balance).toBe("1.5")
  })

  it("refuses an address of another network saying whose it is, and a malformed one as 'Invalid address', asking nobody", async () => {
    const scope = nock(testBaseUrl).get(/.*/).reply(200, [])
    const refusal = (address: string) =>
      runWithApi(Effect.flip(getBitcoinBalance({ address, network: "Mainnet" })), Mempool.layer)
    expect((await refusal(testnetAddress)).message).toBe(
      "Invalid address: a testnet/signet address, expected mainnet",
    )
    expect((await refusal("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).message).toBe("Invalid address")
    expect(scope.isDone()).toBe(false)
  })

  it("settles even when the explorer never answers (AppKit's promise hung)", async () => {
    nock(testBaseUrl).get(`/signet/api/address/${testnetAddress}/utxo`).times(4).delay(600_000).reply(200, [])
    const key = ["nativeBalance", "bip122", "Signet", testnetAddress] as const
    const settle = Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
    const error = await runWithApi(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(
          Effect.flip(getBitcoinBalance({ address: testnetAddress, network: "Signet" })),
        )
        // Each attempt times out after 10 s; the three retries wait 1, 2 and 4 s first.
        for (const backoff of [0, 1, 2, 4]) {
          if (backoff > 0) {
            yield* awaitFetchStatus(key, "paused")
            yield* TestClock.adjust(`${backoff} seconds`)
          }
          yield* awaitFetchStatus(key, "fetching")
          yield* settle
          yield* TestClock.adjust("10 seconds")
        }
        return yield* Fiber.join(fiber)
      }),
      Mempool.layer,
    )
    expect(error._tag).toBe("HttpTimeoutError")
  })

  it("reports the explorer's refusal as 'Failed to fetch UTXOs: {body}'", async () => {
    nock(testBaseUrl).get(`/signet/api/address/${testnetAddress}/utxo`).reply(400, "Invalid Bitcoin address")
    const error = await runWithApi(
      Effect.flip(getBitcoinBalance({ address: testnetAddress, network: "Signet" })),
      Mempool.layer,
    )
    expect(error.message).toBe("Failed to fetch UTXOs: Invalid Bitcoin address")
  })
})
