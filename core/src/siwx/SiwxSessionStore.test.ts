import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import type { SiwxSession } from "../domain/siwx"
import { fromMap, Storage } from "../storage/Storage"
import { SiwxSessionStore, siwxStorageKey } from "./SiwxSessionStore"

const session = (accountAddress: string, expirationTime?: string, chainId = "eip155:1"): SiwxSession =>
  ({
    data: {
      accountAddress,
      chainId,
      domain: "app.example",
      uri: "https://app.example",
      version: "1",
      nonce: "abcdefgh1",
      issuedAt: "2030-01-01T00:00:00Z",
      ...(expirationTime ? { expirationTime } : {}),
    },
    message: "signed text",
    signature: "0x01",
  }) as SiwxSession

const run = <A, E>(map: Map<string, string>, effect: Effect.Effect<A, E, SiwxSessionStore>) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(Date.parse("2030-01-01T00:00:00Z"))
    return yield* effect
  }).pipe(
    Effect.provide(SiwxSessionStore.layer.pipe(Layer.provide(Layer.succeed(Storage, fromMap(map))))),
    Effect.provide(TestClock.layer()),
    Effect.runPromise,
  )

describe("SiwxSessionStore", () => {
  it("keeps sessions in Storage, one per chain and account, found case-insensitively", async () => {
    const map = new Map<string, string>()
    await run(
      map,
      Effect.gen(function* () {
        const store = yield* SiwxSessionStore
        yield* store.add(session("0xAbC0000000000000000000000000000000000001"))
        yield* store.add(session("0xAbC0000000000000000000000000000000000001"))
        yield* store.add(session("0x0000000000000000000000000000000000000002"))
      }),
    )
    expect(JSON.parse(map.get(siwxStorageKey) ?? "[]")).toHaveLength(2)
    // A fresh store over the same storage: what a page reload sees.
    const found = await run(
      map,
      Effect.flatMap(SiwxSessionStore, (store) =>
        store.get("eip155:1", "0xabc0000000000000000000000000000000000001"),
      ),
    )
    expect(found).toHaveLength(1)
    await run(
      map,
      Effect.flatMap(SiwxSessionStore, (store) =>
        store.revoke("eip155:1", "0xABC0000000000000000000000000000000000001"),
      ),
    )
    expect(JSON.parse(map.get(siwxStorageKey) ?? "[]")).toHaveLength(1)
  })

  it("stops returning a session at its expirationTime", async () => {
    const found = await run(
      new Map(),
      Effect.gen(function* () {
        const store = yield* SiwxSessionStore
        const account = "0x0000000000000000000000000000000000000003"
        yield* store.add(session(account, "2030-01-01T01:00:00Z"))
        yield* TestClock.adjust("59 minutes")
        const before = yield* store.get("eip155:1", account)
        yield* TestClock.adjust("1 minute")
        const after = yield* store.get("eip155:1", account)
        return [before.length, after.length]
      }),
    )
    expect(found).toEqual([1, 0])
  })

  it("drops an unreadable stored value instead of failing", async () => {
    const map = new Map([[siwxStorageKey, "{not json"]])
    const found = await run(
      map,
      Effect.flatMap(SiwxSessionStore, (store) =>
        store.get("eip155:1", "0x0000000000000000000000000000000000000003"),
      ),
    )
    expect(found).toEqual([])
  })

  it("tells apart Solana addresses that differ only in case (base58 is case-sensitive)", async () => {
    const chainId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    const [lower, upper] = [
      "9wfMv2MqJVqaJxn1LVhpMFLaHTfhFsUjg13VYfjcpxyz",
      "9wfMv2MqJVqaJxn1LVhpMFLaHTfhFsUjg13VYfjcpXYZ",
    ]
    const found = await run(
      new Map(),
      Effect.gen(function* () {
        const store = yield* SiwxSessionStore
        yield* store.add(session(lower, undefined, chainId))
        yield* store.add(session(upper, undefined, chainId))
        yield* store.revoke(chainId, upper)
        return yield* store.get(chainId, lower)
      }),
    )
    expect(found.map((s) => s.data.accountAddress)).toEqual([lower])
  })

  it('persists under the key the original product reads, "@appkit/siwx"', async () => {
    const map = new Map<string, string>()
    await run(
      map,
      Effect.flatMap(SiwxSessionStore, (store) =>
        store.add(session("0x0000000000000000000000000000000000000004")),
      ),
    )
    expect([...map.keys()]).toEqual(["@appkit/siwx"])
  })

  it("keeps one account's sessions on different chains apart", async () => {
    const account = "0x0000000000000000000000000000000000000005"
    const found = await run(
      new Map(),
      Effect.gen(function* () {
        const store = yield* SiwxSessionStore
        yield* store.add(session(account, undefined, "eip155:1"))
        yield* store.add(session(account, undefined, "eip155:10"))
        yield* store.revoke("eip155:10", account)
        return {
          mainnet: (yield* store.get("eip155:1", account)).length,
          optimism: (yield* store.get("eip155:10", account)).length,
          base: (yield* store.get("eip155:8453", account)).length,
        }
      }),
    )
    expect(found).toEqual({ mainnet: 1, optimism: 0, base: 0 })
  })

  it("treats a stored session whose expiry is no real date as expired", async () => {
    const stored = [session("0x0000000000000000000000000000000000000006", "2030-02-30T00:00:00Z")]
    const found = await run(
      new Map([[siwxStorageKey, JSON.stringify(stored)]]),
      Effect.flatMap(SiwxSessionStore, (store) =>
        store.get("eip155:1", "0x0000000000000000000000000000000000000006"),
      ),
    )
    expect(found).toEqual([])
  })

  it("keeps the readable sessions when one stored beside them is unreadable (a hand edit, an old version)", async () => {
    const kept = session("0x0000000000000000000000000000000000000002")
    const map = new Map([[siwxStorageKey, JSON.stringify([{ data: { chainId: 5 } }, kept])]])
    const found = await run(
      map,
      Effect.flatMap(SiwxSessionStore, (store) => store.get("eip155:1", kept.data.accountAddress)),
    )
    expect(found).toEqual([kept])
  })
})
