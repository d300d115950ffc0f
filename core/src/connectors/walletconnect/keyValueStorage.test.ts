import { Effect } from "effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { fromMap, type Storage } from "../../storage/Storage"
import { keyValueStorageFrom, walletConnectKeyPrefix } from "./keyValueStorage"

describe("keyValueStorageFrom", () => {
  it("stores sign-client values as JSON under the @appkit prefix and lists them", async () => {
    const map = new Map<string, string>()
    const kv = keyValueStorageFrom(fromMap(map))
    await kv.setItem("wc@2:client:0.3:session", [{ topic: "t", expiry: 1 }])
    await kv.setItem("wc@2:core:0.3:keychain", { a: "b" })
    expect(map.get(`${walletConnectKeyPrefix}wc@2:client:0.3:session`)).toBe('[{"topic":"t","expiry":1}]')
    expect(await kv.getKeys()).toEqual(["wc@2:client:0.3:session", "wc@2:core:0.3:keychain"])
    expect(await kv.getEntries()).toEqual([
      ["wc@2:client:0.3:session", [{ topic: "t", expiry: 1 }]],
      ["wc@2:core:0.3:keychain", { a: "b" }],
    ])
    await kv.removeItem("wc@2:client:0.3:session")
    expect(await kv.getItem("wc@2:client:0.3:session")).toBeUndefined()
    expect(await kv.getKeys()).toEqual(["wc@2:core:0.3:keychain"])
  })

  it("survives a reload from the same storage (session restore)", async () => {
    const map = new Map<string, string>()
    await keyValueStorageFrom(fromMap(map)).setItem("k", { nested: [1, "x", null] })
    expect(await keyValueStorageFrom(fromMap(map)).getItem("k")).toEqual({ nested: [1, "x", null] })
  })

  it("reads a corrupt value or index as absent instead of throwing", async () => {
    const map = new Map([
      [`${walletConnectKeyPrefix}k`, "{oops"],
      [`${walletConnectKeyPrefix}index`, "42"],
    ])
    const kv = keyValueStorageFrom(fromMap(map))
    expect(await kv.getItem("k")).toBeUndefined()
    expect(await kv.getKeys()).toEqual([])
  })

  it("round-trips any JSON value", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.jsonValue(), async (key, value) => {
        const kv = keyValueStorageFrom(fromMap(new Map()))
        await kv.setItem(key, value)
        // JSON has no -0; sign-client values are plain JSON objects.
        expect(await kv.getItem(key)).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })

  it("keeps every key in its index when sign-client writes concurrently to an asynchronous storage", async () => {
    const map = new Map<string, string>()
    const sync = fromMap(map)
    // A storage whose every operation completes later (as IndexedDB or a remote store would).
    const later = <A>(effect: Effect.Effect<A>) =>
      Effect.andThen(
        Effect.promise(() => Promise.resolve()),
        effect,
      )
    const asynchronous: Storage["Service"] = {
      ...sync,
      get: (key) => later(sync.get(key)),
      set: (key, value) => later(sync.set(key, value)),
      remove: (key) => later(sync.remove(key)),
    }
    const kv = keyValueStorageFrom(asynchronous)
    const keys = Array.from({ length: 8 }, (_, index) => `key-${index}`)
    await Promise.all(keys.map((key) => kv.setItem(key, key)))
    expect([...(await kv.getKeys())].sort()).toEqual(keys)
    await Promise.all(keys.slice(0, 4).map((key) => kv.removeItem(key)))
    expect([...(await kv.getKeys())].sort()).toEqual(keys.slice(4))
  })

  it("never touches keys outside its prefix", async () => {
    const map = new Map([["@appkit/connected_namespaces", "[]"]])
    const kv = keyValueStorageFrom(fromMap(map))
    await kv.setItem("x", 1)
    await kv.removeItem("x")
    expect(map.get("@appkit/connected_namespaces")).toBe("[]")
  })
})
