import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { fileStorage } from "./file"
import { Storage } from "./Storage"

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "appkit-store-"))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = <A>(path: string, program: Effect.Effect<A, never, Storage>) =>
  Effect.runPromise(program.pipe(Effect.provide(fileStorage(path))))

describe("file storage", () => {
  it("keeps values across processes (a new layer over the same file)", async () => {
    const path = join(dir, "nested", "store.json")
    await run(
      path,
      Effect.gen(function* () {
        const storage = yield* Storage
        yield* storage.set("@appkit/connection_status", '"connected"')
        yield* storage.set("@appkit/active_namespace", '"solana"')
        yield* storage.remove("@appkit/active_namespace")
      }),
    )
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ "@appkit/connection_status": '"connected"' })
    const read = await run(
      path,
      Effect.flatMap(Storage, (storage) => storage.get("@appkit/connection_status")),
    )
    expect(read).toEqual(Option.some('"connected"'))
  })

  it("starts empty from a corrupt file instead of crashing", async () => {
    const path = join(dir, "store.json")
    writeFileSync(path, "[1, 2")
    const read = await run(
      path,
      Effect.flatMap(Storage, (storage) => storage.get("anything")),
    )
    expect(read).toEqual(Option.none())
  })

  it("drops only a value that is not a stored string, and keeps every other key through the next write", async () => {
    const path = join(dir, "store.json")
    const session = '{"topic":"abc"}'
    writeFileSync(
      path,
      JSON.stringify({ "@appkit/walletconnect/session": session, "@appkit/connection_status": 5 }),
    )
    const read = await run(
      path,
      Effect.gen(function* () {
        const storage = yield* Storage
        const before = yield* storage.get("@appkit/walletconnect/session")
        yield* storage.set("@appkit/active_namespace", '"eip155"')
        return before
      }),
    )
    expect(read).toEqual(Option.some(session))
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
      "@appkit/walletconnect/session": session,
      "@appkit/active_namespace": '"eip155"',
    })
  })

  it("lets two processes share the file without overwriting each other's keys", async () => {
    const path = join(dir, "store.json")
    const open = () => Effect.runSync(Effect.provide(Effect.service(Storage), fileStorage(path)))
    // Both open before either writes, as a waiting `connect` and another command would.
    const [first, second] = [open(), open()]
    await Effect.runPromise(first.set("@appkit/connection_status", '"connected"'))
    await Effect.runPromise(second.set("@appkit/active_namespace", '"solana"'))
    expect(await Effect.runPromise(second.get("@appkit/connection_status"))).toEqual(
      Option.some('"connected"'),
    )
    await Effect.runPromise(first.remove("@appkit/connection_status"))
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ "@appkit/active_namespace": '"solana"' })
  })
})
