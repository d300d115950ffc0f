import { Effect, Exit, Option } from "effect"
import { describe, expect, it, vi } from "vitest"
import { throwingWebStorage } from "../testing/webStorage.testSupport"
import { browserStorage, fromWebStorage, type WebStorage } from "./browser"
import { Storage } from "./Storage"
import { memoryWebStorage } from "./webStorage"

const webStorage = (): WebStorage & { readonly data: Map<string, string> } => {
  const data = new Map<string, string>()
  return { data, ...memoryWebStorage(data) }
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
    const storage = fromWebStorage(throwingWebStorage)
    const read = await Effect.runPromise(
      Effect.andThen(Effect.all([storage.set("k", "v"), storage.remove("k")]), storage.get("k")),
    )
    expect(read).toEqual(Option.none())
  })

  it("uses the page's localStorage, and memory where there is none (server rendering, Node)", async () => {
    const program = Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set("@appkit/connection_status", '"connected"')
      return yield* storage.get("@appkit/connection_status")
    })
    const page = webStorage()
    try {
      vi.stubGlobal("localStorage", page)
      expect(await Effect.runPromise(Effect.provide(program, browserStorage))).toEqual(
        Option.some('"connected"'),
      )
      expect(page.data.get("@appkit/connection_status")).toBe('"connected"')
      page.data.clear()
      vi.stubGlobal("localStorage", undefined)
      expect(await Effect.runPromise(Effect.provide(program, browserStorage))).toEqual(
        Option.some('"connected"'),
      )
      expect(page.data.size).toBe(0)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("keeps state in memory when the page forbids localStorage itself (a sandboxed or third-party frame)", async () => {
    const program = Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set("@appkit/connection_status", '"connected"')
      return yield* storage.get("@appkit/connection_status")
    })
    // As browsers do where storage is blocked: reading the property throws a SecurityError.
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get: () => {
        throw new DOMException("Access is denied for this document.", "SecurityError")
      },
    })
    try {
      const exit = await Effect.runPromiseExit(Effect.provide(program, browserStorage))
      expect(exit).toEqual(Exit.succeed(Option.some('"connected"')))
    } finally {
      Reflect.deleteProperty(globalThis, "localStorage")
    }
  })
})
