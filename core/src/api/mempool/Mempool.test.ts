import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import nock from "nock"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import type { QueryCache } from "../../http/QueryCache"
import { runWithApi, testBaseUrl } from "../../testing/http"
import { Mempool, satoshisToBtc, sumSatoshis } from "./Mempool"

const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
const testnetAddress = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"
const withMempool = <A, E>(
  f: (mempool: Mempool["Service"]) => Effect.Effect<A, E, QueryCache | TestClock.TestClock>,
) => runWithApi(Effect.flatMap(Mempool, f), Mempool.layer)
const utxo = (value: number, vout = 0) => ({
  txid: "ab".repeat(32),
  vout,
  value,
  status: { confirmed: true },
})

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

describe("satoshi conversion", () => {
  it("sums exactly and formats 10^8 sat as 1 BTC", () => {
    expect(satoshisToBtc(sumSatoshis([utxo(100_000_000), utxo(50_000_000)]))).toBe("1.5")
    expect(satoshisToBtc(0n)).toBe("0")
    expect(satoshisToBtc(1n)).toBe("0.00000001")
    expect(satoshisToBtc(2_100_000_000_000_000n)).toBe("21000000")
  })

  it("round-trips any satoshi total through its BTC string", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { maxLength: 50 }),
        (values) => {
          const total = sumSatoshis(values.map((value) => utxo(value)))
          expect(total).toBe(values.reduce((sum, value) => sum + BigInt(value), 0n))
          const [whole = "", fraction = ""] = satoshisToBtc(total).split(".")
          expect(BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, "0"))).toBe(total)
          expect(fraction.endsWith("0")).toBe(false)
        },
      ),
    )
  })
})

describe("Mempool", () => {
  it("reads UTXOs without the project id and sums them into a BTC balance", async () => {
    const scope = nock(testBaseUrl)
      .get(`/api/address/${address}/utxo`)
      .query({})
      .reply(200, [utxo(12_345), utxo(100_000_000, 1)])
    const balance = await withMempool((mempool) => mempool.balance({ address, network: "Mainnet" }))
    expect(balance).toEqual({ balance: "1.00012345", symbol: "BTC", satoshis: 100_012_345n })
    expect(scope.isDone()).toBe(true)
  })

  it("uses the /testnet prefix on testnet and keys the cache per network and address", async () => {
    let calls = 0
    nock(testBaseUrl)
      .get(`/testnet/api/address/${testnetAddress}/utxo`)
      .times(2)
      .reply(200, () => {
        calls++
        return [utxo(5)]
      })
      .get(`/testnet4/api/address/${testnetAddress}/utxo`)
      .reply(200, [utxo(7)])
    const balances = await withMempool((mempool) =>
      Effect.all(
        [
          mempool.balance({ address: testnetAddress, network: "Testnet" }),
          mempool.balance({ address: testnetAddress, network: "Testnet" }),
          mempool.balance({ address: testnetAddress, network: "Testnet4" }),
        ],
        { concurrency: "unbounded" },
      ),
    )
    expect(balances.map((b) => b.balance)).toEqual(["0.00000005", "0.00000005", "0.00000007"])
    expect(calls).toBe(1)
  })

  it("fails with 'Failed to fetch UTXOs: {body}' on a non-OK answer", async () => {
    nock(testBaseUrl).get(`/api/address/${address}/utxo`).reply(400, "Invalid Bitcoin address")
    const error = await withMempool((mempool) => Effect.flip(mempool.utxos({ address, network: "Mainnet" })))
    expect(error.message).toBe("Failed to fetch UTXOs: Invalid Bitcoin address")
  })

  it("rejects a malformed UTXO list with a typed error", async () => {
    nock(testBaseUrl)
      .get(`/api/address/${address}/utxo`)
      .reply(200, [{ txid: "x", vout: 0, value: 1.5 }])
    const error = await withMempool((mempool) => Effect.flip(mempool.utxos({ address, network: "Mainnet" })))
    expect(error._tag).toBe("ResponseDecodeError")
  })

  it("never hangs: a silent explorer times out", async () => {
    nock(testBaseUrl).get(`/api/address/${address}/utxo`).delay(120_000).reply(200, [])
    const error = await withMempool((mempool) =>
      Effect.gen(function* () {
        const pending = yield* Effect.forkChild(Effect.flip(mempool.utxos({ address, network: "Mainnet" })))
        yield* TestClock.adjust("10 seconds")
        return yield* Fiber.join(pending)
      }),
    )
    expect(error._tag).toBe("HttpTimeoutError")
  })
})
