import { Duration, Effect, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { runState } from "../testing/testkit"
import { Toast, toastAutoCloseAfter } from "./Toast"

const current = Effect.flatMap(Toast, (toast) => SubscriptionRef.get(toast.state))
const isOpen = Effect.map(current, (s) => s.open)

describe("Toast", () => {
  it("shows a toast at once when none is open, with autoClose on by default", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "Copied", variant: "success" })
        return yield* current
      }),
    )
    expect(state).toEqual({
      message: "Copied",
      variant: "success",
      svg: undefined,
      open: true,
      autoClose: true,
    })
  })

  it("hides an open toast and shows the new one 150 ms later", async () => {
    const seen = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "first", variant: "info" })
        yield* toast.showCatalogue("signatureDeclined")
        const hidden = yield* current
        yield* TestClock.adjust("149 millis")
        const stillHidden = yield* current
        yield* TestClock.adjust("1 millis")
        return [hidden, stillHidden, yield* current]
      }),
    )
    expect(seen.map((s) => [s.message, s.open])).toEqual([
      ["first", false],
      ["first", false],
      ["Signature declined", true],
    ])
    expect(seen[2]?.variant).toBe("error")
  })

  it("lets only the latest toast appear when several arrive during the delay", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "a", variant: "info" })
        yield* toast.show({ message: "b", variant: "info" })
        yield* TestClock.adjust("100 millis")
        yield* toast.show({ message: "c", variant: "loading", autoClose: false })
        yield* TestClock.adjust("1 second")
        return yield* current
      }),
    )
    expect(state).toMatchObject({ message: "c", variant: "loading", open: true, autoClose: false })
  })

  it("hide cancels a pending toast", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "a", variant: "info" })
        yield* toast.show({ message: "b", variant: "info" })
        yield* toast.hide
        yield* TestClock.adjust("1 second")
        return yield* current
      }),
    )
    expect(state).toMatchObject({ message: "a", open: false })
  })

  it("hides an auto-closing toast 2.5 s after it opens, and keeps one with autoClose off", async () => {
    const seen = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "Copied", variant: "success" })
        yield* TestClock.adjust("2499 millis")
        const beforeDeadline = yield* isOpen
        yield* TestClock.adjust("1 millis")
        const atDeadline = yield* isOpen
        yield* toast.show({ message: "Waiting for wallet", variant: "loading", autoClose: false })
        yield* TestClock.adjust("1 minute")
        return [beforeDeadline, atDeadline, yield* isOpen]
      }),
    )
    expect(toastAutoCloseAfter).toEqual(Duration.millis(2500))
    expect(seen).toEqual([true, false, true])
  })

  it("times the auto-close from when the newest toast appears, not from the one it replaced", async () => {
    const seen = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "a", variant: "info" })
        yield* TestClock.adjust("2 seconds")
        // b replaces a: it appears 150 ms later and must then stay its full 2.5 s (a's timer must not close it).
        yield* toast.show({ message: "b", variant: "info" })
        yield* TestClock.adjust("150 millis")
        const appeared = yield* current
        yield* TestClock.adjust("2499 millis")
        const stillOpen = yield* isOpen
        yield* TestClock.adjust("1 millis")
        return [appeared.message, appeared.open, stillOpen, yield* isOpen]
      }),
    )
    expect(seen).toEqual(["b", true, true, false])
  })

  it("a loading toast that stays open is not closed by the timer of the toast before it", async () => {
    const state = await runState(
      Effect.gen(function* () {
        const toast = yield* Toast
        yield* toast.show({ message: "a", variant: "info" })
        yield* toast.hide
        yield* toast.show({ message: "Signing", variant: "loading", autoClose: false })
        yield* TestClock.adjust("10 seconds")
        return yield* current
      }),
    )
    expect(state).toMatchObject({ message: "Signing", open: true })
  })
})
