import { Effect, Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CaipNetworkId } from "../domain/caip"
import { StorageKeys } from "../domain/storageKeys"
import { readKey, removeKey, writeKey } from "./keys"
import { fromMap, Storage } from "./Storage"

const run = <A>(map: Map<string, string>, effect: Effect.Effect<A, never, Storage>) =>
  Effect.runSync(Effect.provideService(effect, Storage, fromMap(map)))

const solanaMainnet = Schema.decodeSync(CaipNetworkId)("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
const account = "eip155:1:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"

describe("storage keys", () => {
  it("keeps every AppKit key under the @appkit/ prefix, each key once", () => {
    const keys = Object.values(StorageKeys).map((storageKey) => storageKey.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys.filter((key) => key !== "sats-connect_defaultProvider")) {
      expect(key).toMatch(/^@appkit\//)
    }
  })

  it("round-trips values through their schemas", () => {
    const map = new Map<string, string>()
    const read = run(
      map,
      Effect.gen(function* () {
        yield* writeKey(StorageKeys.connectedNamespaces, ["eip155", "solana"])
        yield* writeKey(StorageKeys.nativeBalanceCache, {
          [account]: { timestamp: 1714644900000, value: { balance: "1.5", symbol: "ETH" } },
        })
        yield* writeKey(StorageKeys.activeNetworkIds, { solana: solanaMainnet })
        yield* writeKey(StorageKeys.recentWallets, [
          { id: "c57ca95b", name: "MetaMask", rdns: "io.metamask" },
        ])
        return yield* Effect.all([
          readKey(StorageKeys.connectedNamespaces),
          readKey(StorageKeys.nativeBalanceCache),
          readKey(StorageKeys.activeNetworkIds),
          readKey(StorageKeys.recentWallets),
          readKey(StorageKeys.connectedConnectorIds),
        ])
      }),
    )
    expect(read[0]).toEqual(Option.some(["eip155", "solana"]))
    expect(Option.getOrThrow(read[1])[account]?.value.balance).toBe("1.5")
    expect(read[2]).toEqual(Option.some({ solana: solanaMainnet }))
    expect(read[3]).toEqual(Option.some([{ id: "c57ca95b", name: "MetaMask", rdns: "io.metamask" }]))
    expect(read[4]).toEqual(Option.none())
    expect(map.get("@appkit/active_caip_network_id")).toBe(`{"solana":"${solanaMainnet}"}`)
  })

  it("drops a stored value that does not match its schema", () => {
    const map = new Map([
      ["@appkit/connection_status", '"reconnecting"'],
      ["@appkit/preferred_account_types", '{"eip155":"payment"}'],
      ["@appkit/active_caip_network_id", '"eip155:1"'],
    ])
    const read = run(
      map,
      Effect.all([
        readKey(StorageKeys.connectionStatus),
        readKey(StorageKeys.preferredAccountTypes),
        readKey(StorageKeys.activeNetworkIds),
      ]),
    )
    expect(read).toEqual([Option.none(), Option.none(), Option.none()])
    expect(map.size).toBe(0)
  })

  it("stores the Bitcoin default provider as the bare string sats-connect itself reads", () => {
    const map = new Map<string, string>()
    run(map, writeKey(StorageKeys.bitcoinDefaultProvider, "XverseProviders.BitcoinProvider"))
    expect(map.get("sats-connect_defaultProvider")).toBe("XverseProviders.BitcoinProvider")
    expect(run(map, readKey(StorageKeys.bitcoinDefaultProvider))).toEqual(
      Option.some("XverseProviders.BitcoinProvider"),
    )
    run(map, removeKey(StorageKeys.bitcoinDefaultProvider))
    expect(map.has("sats-connect_defaultProvider")).toBe(false)
  })

  it("drops an empty Bitcoin default provider", () => {
    const map = new Map([["sats-connect_defaultProvider", ""]])
    expect(run(map, readKey(StorageKeys.bitcoinDefaultProvider))).toEqual(Option.none())
    expect(map.size).toBe(0)
  })
})
