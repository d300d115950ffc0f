import { afterEach, describe, expect, it, vi } from "vitest"
import { promiseState } from "../../../testing/promiseState.testSupport"
import { bitcoinChainIds, bitcoinNetworkOfChainId, parseBitcoinNetwork } from "../networks"
import { selectorEvents } from "./selectorMachine"
import { windowSelector } from "./selectorPort"

const option = { id: "wallet", name: "Wallet", icon: "", isInstalled: true }

/** A page whose selector answers each open with `answer` (select, cancel, or nothing). */
const page = (answer?: (target: EventTarget) => void) => {
  const target = new EventTarget()
  const seen: Array<string> = []
  for (const name of Object.values(selectorEvents)) target.addEventListener(name, () => void seen.push(name))
  target.addEventListener(selectorEvents.open, () => answer?.(target))
  return { target, seen }
}

describe("the window-event selector port", () => {
  afterEach(() => vi.useRealTimers())

  it("opens the selector with the options and resolves the picked id", async () => {
    const { target, seen } = page((t) =>
      t.dispatchEvent(new CustomEvent(selectorEvents.select, { detail: "wallet" })),
    )
    expect(await windowSelector(target, () => true).select([option])).toBe("wallet")
    expect(seen).toEqual([selectorEvents.open, selectorEvents.select])
  })

  it("turns a cancel into 'Failed to select the provider. User may have cancelled the selection prompt.'", async () => {
    const { target } = page((t) => t.dispatchEvent(new CustomEvent(selectorEvents.cancel)))
    await expect(windowSelector(target, () => true).select([option])).rejects.toMatchObject({
      message: "Failed to select the provider. User may have cancelled the selection prompt.",
    })
  })

  it("turns a pick with no wallet id into the same failed selection", async () => {
    const { target } = page((t) => t.dispatchEvent(new CustomEvent(selectorEvents.select, { detail: "" })))
    await expect(windowSelector(target, () => true).select([option])).rejects.toMatchObject({
      reason: "providerSelectionFailed",
    })
  })

  it("says 'Failed to detect the wallet provider selector.' when no selector is on the page", async () => {
    const { target, seen } = page()
    await expect(windowSelector(target, () => false).select([option])).rejects.toMatchObject({
      message: "Failed to detect the wallet provider selector.",
    })
    expect(seen).toEqual([])
  })

  it("gives up after ten minutes without a pick, closing the selector", async () => {
    vi.useFakeTimers()
    const { target, seen } = page()
    const state = promiseState(windowSelector(target, () => true).select([option]))
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1)
    expect(state()).toEqual({ settled: "pending" })
    await vi.advanceTimersByTimeAsync(1)
    expect(state()).toMatchObject({ settled: "rejected", error: { reason: "providerSelectionFailed" } })
    expect(seen).toEqual([selectorEvents.open, selectorEvents.close])
    expect(vi.getTimerCount()).toBe(0)
  })

  it("fails within a second once the selector leaves the page mid-prompt, not after the ten minutes", async () => {
    vi.useFakeTimers()
    const { target, seen } = page()
    let onPage = true
    const state = promiseState(windowSelector(target, () => onPage).select([option]))
    await vi.advanceTimersByTimeAsync(30_000)
    const whileShown = state()
    onPage = false
    await vi.advanceTimersByTimeAsync(999)
    const justAfter = state()
    await vi.advanceTimersByTimeAsync(1)
    expect([whileShown, justAfter]).toEqual([{ settled: "pending" }, { settled: "pending" }])
    expect(state()).toMatchObject({
      settled: "rejected",
      error: { message: "Failed to detect the wallet provider selector." },
    })
    expect(seen).toEqual([selectorEvents.open])
    expect(vi.getTimerCount()).toBe(0)
  })

  it("stops its timers and listeners once the user picks", async () => {
    vi.useFakeTimers()
    const { target, seen } = page()
    const state = promiseState(windowSelector(target, () => true).select([option]))
    target.dispatchEvent(new CustomEvent(selectorEvents.select, { detail: "wallet" }))
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toEqual({ settled: "resolved", value: "wallet" })
    expect(vi.getTimerCount()).toBe(0)
    target.dispatchEvent(new CustomEvent(selectorEvents.cancel))
    expect(seen).toEqual([selectorEvents.open, selectorEvents.select, selectorEvents.cancel])
    expect(state()).toEqual({ settled: "resolved", value: "wallet" })
  })
})

describe("Bitcoin networks", () => {
  it("map CAIP-2 ids and names both ways", () => {
    for (const [network, chainId] of Object.entries(bitcoinChainIds)) {
      expect(bitcoinNetworkOfChainId(chainId)).toBe(network)
      expect(parseBitcoinNetwork(network.toLowerCase())).toBe(network)
    }
    expect(bitcoinNetworkOfChainId("bip122:00000000000000000000000000000000")).toBeUndefined()
    expect(parseBitcoinNetwork("testnet5")).toBeUndefined()
  })
})
