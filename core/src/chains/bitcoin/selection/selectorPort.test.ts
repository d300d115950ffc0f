import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
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
  it("opens the selector with the options and resolves the picked id", async () => {
    const { target, seen } = page((t) =>
      t.dispatchEvent(new CustomEvent(selectorEvents.select, { detail: "wallet" })),
    )
    expect(await Effect.runPromise(windowSelector(target, () => true).select([option]))).toBe("wallet")
    expect(seen).toEqual([selectorEvents.open, selectorEvents.select])
  })

  it("turns a cancel into 'Failed to select the provider. User may have cancelled the selection prompt.'", async () => {
    const { target } = page((t) => t.dispatchEvent(new CustomEvent(selectorEvents.cancel)))
    const error = await Effect.runPromise(Effect.flip(windowSelector(target, () => true).select([option])))
    expect(error.message).toBe("Failed to select the provider. User may have cancelled the selection prompt.")
  })

  it("says 'Failed to detect the wallet provider selector.' when no selector is on the page", async () => {
    const { target, seen } = page()
    const error = await Effect.runPromise(Effect.flip(windowSelector(target, () => false).select([option])))
    expect(error.message).toBe("Failed to detect the wallet provider selector.")
    expect(seen).toEqual([])
  })

  it("gives up after ten minutes without a pick, closing the selector", async () => {
    const { target, seen } = page()
    const error = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(
          Effect.flip(windowSelector(target, () => true).select([option])),
        )
        yield* TestClock.adjust("10 minutes")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(error.reason).toBe("providerSelectionFailed")
    expect(seen).toEqual([selectorEvents.open, selectorEvents.close])
  })

  it("fails within a second once the selector leaves the page mid-prompt, not after the ten minutes", async () => {
    const { target, seen } = page()
    let onPage = true
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(
          Effect.flip(windowSelector(target, () => onPage).select([option])),
        )
        yield* TestClock.adjust("30 seconds")
        const whileShown = fiber.pollUnsafe()
        onPage = false
        yield* TestClock.adjust("999 millis")
        const justAfter = fiber.pollUnsafe()
        yield* TestClock.adjust("1 millis")
        return { whileShown, justAfter, error: yield* Fiber.join(fiber) }
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect([outcome.whileShown, outcome.justAfter]).toEqual([undefined, undefined])
    expect(outcome.error.message).toBe("Failed to detect the wallet provider selector.")
    expect(seen).toEqual([selectorEvents.open])
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
