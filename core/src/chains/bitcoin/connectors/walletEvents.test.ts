import { Effect, Stream } from "effect"
import { describe, expect, it } from "vitest"
import { walletEventStream } from "./walletEvents"

describe("walletEventStream", () => {
  it("gives what the wallet's listeners emit and detaches them when the stream ends", async () => {
    let detached = 0
    const events = walletEventStream((emit) => {
      emit({ _tag: "accountsChanged" })
      emit({ _tag: "disconnect" })
      return () => {
        detached++
      }
    })
    expect(await Effect.runPromise(Stream.runCollect(Stream.take(events, 2)))).toEqual([
      { _tag: "accountsChanged" },
      { _tag: "disconnect" },
    ])
    expect(detached).toBe(1)
  })

  it("stays quiet for a wallet whose listener API throws, and ignores a detach that throws", async () => {
    const quiet = walletEventStream(() => {
      throw new Error("no listeners here")
    })
    const marker = Stream.make({ _tag: "disconnect" } as const)
    expect(await Effect.runPromise(Stream.runCollect(Stream.take(Stream.merge(quiet, marker), 1)))).toEqual([
      { _tag: "disconnect" },
    ])
    const gone = walletEventStream((emit) => {
      emit({ _tag: "accountsChanged" })
      return () => {
        throw new Error("already gone")
      }
    })
    expect(await Effect.runPromise(Stream.runCollect(Stream.take(gone, 1)))).toEqual([
      { _tag: "accountsChanged" },
    ])
  })
})
