import { describe, expect, it, vi } from "vitest"
import type { BitcoinWalletEvent } from "./BitcoinConnector"
import { walletEventListeners } from "./walletEvents"

/** A wallet whose events the test fires, counting how often it was attached and detached. */
const fakeWallet = () => {
  const state = {
    attached: 0,
    detached: 0,
    emit: undefined as ((event: BitcoinWalletEvent) => void) | undefined,
  }
  const onEvent = walletEventListeners((emit) => {
    state.attached++
    state.emit = emit
    return () => {
      state.detached++
      state.emit = undefined
    }
  })
  return { state, onEvent }
}

describe("walletEventListeners", () => {
  it("gives what the wallet's listeners emit and detaches them when the last listener stops", () => {
    const { state, onEvent } = fakeWallet()
    const first: Array<BitcoinWalletEvent> = []
    const second: Array<BitcoinWalletEvent> = []
    const stopFirst = onEvent((event) => first.push(event))
    const stopSecond = onEvent((event) => second.push(event))
    expect(state.attached).toBe(1)
    state.emit?.({ _tag: "accountsChanged" })
    stopFirst()
    stopFirst()
    expect(state.detached).toBe(0)
    state.emit?.({ _tag: "disconnect" })
    stopSecond()
    expect(first).toEqual([{ _tag: "accountsChanged" }])
    expect(second).toEqual([{ _tag: "accountsChanged" }, { _tag: "disconnect" }])
    expect(state.detached).toBe(1)
    // Listening again attaches the wallet again.
    const stopThird = onEvent(() => {})
    expect(state.attached).toBe(2)
    stopThird()
    expect(state.detached).toBe(2)
  })

  it("stays quiet for a wallet whose listener API throws, and ignores a detach that throws", () => {
    const quiet = walletEventListeners(() => {
      throw new Error("no listeners here")
    })
    const stopQuiet = quiet(() => {})
    expect(() => stopQuiet()).not.toThrow()
    const received: Array<BitcoinWalletEvent> = []
    const gone = walletEventListeners((emit) => {
      emit({ _tag: "accountsChanged" })
      return () => {
        throw new Error("already gone")
      }
    })
    const stopGone = gone((event) => received.push(event))
    expect(received).toEqual([{ _tag: "accountsChanged" }])
    expect(() => stopGone()).not.toThrow()
  })

  it("still tells the other listeners when one throws, and reports that error outside the wallet", async () => {
    const { state, onEvent } = fakeWallet()
    const received: Array<BitcoinWalletEvent> = []
    const reported = vi.fn()
    const microtask = vi.spyOn(globalThis, "queueMicrotask").mockImplementation((task) => {
      try {
        task()
      } catch (error) {
        reported(error)
      }
    })
    onEvent(() => {
      throw new Error("listener bug")
    })
    onEvent((event) => received.push(event))
    expect(() => state.emit?.({ _tag: "disconnect" })).not.toThrow()
    microtask.mockRestore()
    expect(received).toEqual([{ _tag: "disconnect" }])
    expect(reported).toHaveBeenCalledWith(new Error("listener bug"))
  })
})
