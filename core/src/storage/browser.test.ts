import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { fromWebStorage, type WebStorage } from "./browser"

const webStorage = (): WebStorage & { readonly data: Map<string, string> } => {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe("browser storage", () => {
  it("reads, writes and removes through Web Storage", async () => {
    const store = webStorage()
    const storage = fromWebStorage(store)
    await Effect.runPromise(storage.set("@appkit/active_namespace", '"eip155"'))
    expect(store.data.get("@appkit/active_namespace")).toBe('"eip155"')
    expect(await Effect.runPromise(storage.get("@appkit/active_namespace"))).toEqual(Option.some('"eip155"'))
    await Effect.runPromise(storage.remove("@appkit/active_namespace"))
    expect(await Effect.runPromise(storage.get("@appkit/active_namespace"))).toEqual(Option.none())
  })

  it("survives a storage that throws (quota exceeded, disabled storage)", async () => {
    const throwing: WebStorage = {
      getItem: () => {
        throw new Error("SecurityError")
      },
      setItem: () => {
        throw new Error("QuotaExceededError")
      },
      removeItem: () => {
        throw new Error("SecurityError")
      },
    }
    const storage = fromWebStorage(throwing)
    const read = await Effect.runPromise(
      Effect.andThen(Effect.all([storage.set("k", "v"), storage.remove("k")]), storage.get("k")),
    )
    expect(read).toEqual(Option.none())
  })
})
