import { Effect, Logger, Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { fromMap, readJson, Storage, writeJson } from "./Storage"

const Recent = Schema.Array(Schema.String)

const withMap = (map: Map<string, string>) => Effect.provideService(Storage, fromMap(map))

describe("Storage", () => {
  it("round-trips a JSON value through its schema", async () => {
    const map = new Map<string, string>()
    const read = await Effect.runPromise(
      Effect.gen(function* () {
        yield* writeJson("@appkit/recent", Recent, ["a", "b"])
        return yield* readJson("@appkit/recent", Recent)
      }).pipe(withMap(map)),
    )
    expect(read).toEqual(Option.some(["a", "b"]))
    expect(map.get("@appkit/recent")).toBe('["a","b"]')
  })

  it("discards a corrupt or foreign value instead of failing", async () => {
    const map = new Map([
      ["@appkit/recent", "{not json"],
      ["@appkit/other", '{"x":1}'],
    ])
    const [corrupt, foreign] = await Effect.runPromise(
      Effect.all([readJson("@appkit/recent", Recent), readJson("@appkit/other", Recent)]).pipe(withMap(map)),
    )
    expect(corrupt).toEqual(Option.none())
    expect(foreign).toEqual(Option.none())
    expect(map.size).toBe(0)
  })

  it("logs a warning naming the key it discards", async () => {
    const logged: Array<string> = []
    const capture = Logger.layer([
      Logger.make(({ logLevel, message }) => void logged.push(`${logLevel} ${String(message)}`)),
    ])
    const read = await Effect.runPromise(
      readJson("@appkit/recent", Recent).pipe(
        withMap(new Map([["@appkit/recent", "{not json"]])),
        Effect.provide(capture),
      ),
    )
    expect(read).toEqual(Option.none())
    expect(logged).toEqual(["Warn Discarding unreadable stored value for @appkit/recent"])
  })

  it("gives each memory layer its own map", async () => {
    const program = Effect.gen(function* () {
      const storage = yield* Storage
      const before = yield* storage.get("k")
      yield* storage.set("k", "v")
      return before
    })
    const first = await Effect.runPromise(program.pipe(Effect.provide(Storage.memory)))
    const second = await Effect.runPromise(program.pipe(Effect.provide(Storage.memory)))
    expect([first, second]).toEqual([Option.none(), Option.none()])
  })
})
