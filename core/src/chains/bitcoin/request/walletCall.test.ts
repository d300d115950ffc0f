import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { BitcoinRpcError } from "../../../errors/bitcoin"
import { BitcoinTimeoutError } from "../errors"
import { defaultWalletTimeout, walletCall, withinWalletTimeout } from "./walletCall"

/** How a promise settled, without letting a rejection go unhandled. */
const settled = <A>(promise: Promise<A>) => {
  const state: { value?: A; error?: unknown; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  )
  return state
}

describe("bounded wallet calls", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("gives up after five minutes by default, naming the method, and not a moment sooner", async () => {
    expect(defaultWalletTimeout).toBe(300_000)
    const call = settled(walletCall("signPsbt", () => new Promise<never>(() => {})))
    await vi.advanceTimersByTimeAsync(defaultWalletTimeout - 1)
    expect(call.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(call.error).toEqual(new BitcoinTimeoutError({ method: "signPsbt", timeoutMillis: 300_000 }))
    expect((call.error as Error).message).toBe("The wallet did not answer signPsbt within 300 s")
  })

  it("takes its own bound, and clears the timer once the wallet answered", async () => {
    const answered = settled(withinWalletTimeout("getAddresses", Promise.resolve("ok"), 2_000))
    await vi.advanceTimersByTimeAsync(0)
    expect(answered.value).toBe("ok")
    expect(vi.getTimerCount()).toBe(0)
    const late = settled(withinWalletTimeout("getAddresses", new Promise(() => {}), 2_000))
    await vi.advanceTimersByTimeAsync(2_000)
    expect((late.error as Error).message).toBe("The wallet did not answer getAddresses within 2 s")
  })

  it("maps what a wallet throws (sync or async) to a BitcoinRpcError, the user's 4001 to -32000", async () => {
    const declined = settled(
      walletCall("signMessage", () => Promise.reject({ code: 4001, message: "User rejected" })),
    )
    const broken = settled(
      walletCall("signMessage", () => {
        throw new Error("extension crashed")
      }),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(declined.error).toEqual(new BitcoinRpcError({ code: -32000, message: "User rejected" }))
    expect(broken.error).toBeInstanceOf(BitcoinRpcError)
    expect(broken.error).toMatchObject({ code: -32603, message: "extension crashed" })
    expect(vi.getTimerCount()).toBe(0)
  })
})
