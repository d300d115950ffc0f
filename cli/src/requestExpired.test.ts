import { Effect, Exit, Option } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { startBudget } from "./giveUp"
import { requestExpired } from "./requestExpired"

const expired = {
  _tag: "WalletRequestTimeout",
  message: "AppKit Dev Wallet did not answer personal_sign within 2s",
  method: "personal_sign",
}

/** A session the wallet ended (`endedByWallet`) or not: this side learns of it once the relay answers. */
const wallet = (relayMs: number | undefined, endedByWallet: boolean) => {
  let told = false
  return {
    sync:
      relayMs === undefined
        ? Effect.never
        : Effect.sleep(`${relayMs} millis`).pipe(Effect.andThen(Effect.sync(() => (told = endedByWallet)))),
    session: Effect.sync(() => (told ? Option.none() : Option.some("session"))),
  }
}

/**
 * Words a request that expired `expiredMs` into a --timeout of `limitMs` (none when undefined), and looks
 * `waitMs` later; the relay answers the check after `relayMs` (never when undefined). `exit` is undefined
 * while the wording still waits; `ended` tells whether the stored session was forgotten.
 */
const worded = (
  limitMs: number | undefined,
  expiredMs: number,
  relayMs: number | undefined,
  endedByWallet: boolean,
  waitMs = 0,
  request: { readonly method: string; readonly broadcast?: boolean } = expired,
) =>
  Effect.gen(function* () {
    const budget = yield* startBudget(limitMs)
    yield* TestClock.adjust(`${expiredMs} millis`)
    let ended = false
    const fiber = yield* Effect.forkChild(
      requestExpired(wallet(relayMs, endedByWallet), budget, "AppKit Dev Wallet", () => {
        ended = true
      })({ ...expired, method: request.method }, request.broadcast),
    )
    yield* TestClock.adjust(`${waitMs} millis`)
    return { exit: fiber.pollUnsafe(), ended }
  }).pipe(Effect.provide(TestClock.layer()), Effect.runPromise)

const stillPending = {
  code: "WalletRequestTimeout",
  message: expect.stringContaining("still pending in AppKit Dev Wallet and may yet be approved there"),
}

const lineOf = ({ exit }: { readonly exit: Exit.Exit<unknown, unknown> | undefined }) =>
  exit !== undefined && Exit.isSuccess(exit) ? exit.value : undefined

describe("requestExpired (the one line for a request the wallet did not answer in time)", () => {
  it("once --timeout is spent, words the line at once: a silent relay is not asked again", async () => {
    const checked = await worded(2000, 2000, undefined, true)
    expect(lineOf(checked)).toMatchObject(stillPending)
    expect(checked.ended).toBe(false)
  })

  it("asks the relay within what is left: a session the wallet ended is said so, and forgotten", async () => {
    const checked = await worded(2000, 1500, 499, true, 499)
    expect(lineOf(checked)).toMatchObject({ code: "SessionEnded" })
    expect(checked.ended).toBe(true)
    expect(lineOf(await worded(2000, 1500, 499, false, 499))).toMatchObject(stillPending)
  })

  it("a relay silent past what is left holds the line no longer than the budget", async () => {
    expect((await worded(2000, 1500, undefined, true, 499)).exit).toBeUndefined()
    expect(lineOf(await worded(2000, 1500, undefined, true, 500))).toMatchObject(stillPending)
  })

  it("a bip122 transfer, or a PSBT signed to be broadcast, may yet be sent; a PSBT only signed, or addresses, may not", async () => {
    const tail = async (request: { readonly method: string; readonly broadcast?: boolean }) =>
      (lineOf(await worded(2000, 2000, undefined, false, 0, request)) as { message: string }).message
    const sent = "if it is, the transaction is sent"
    const signed = "an approval given now no longer reaches this command"
    expect(await tail({ method: "sendTransfer" })).toContain(sent)
    expect(await tail({ method: "signPsbt", broadcast: true })).toContain(sent)
    expect(await tail({ method: "signPsbt", broadcast: false })).toContain(signed)
    expect(await tail({ method: "signMessage" })).toContain(signed)
    // (an address request is no signature: the line must not call it one)
    expect(await tail({ method: "getAccountAddresses" })).toContain(signed)
    expect(await tail({ method: "getAccountAddresses" })).not.toContain("signature")
  })

  it("without --timeout the check keeps its own bound", async () => {
    expect(lineOf(await worded(undefined, 300_000, 4000, true, 4000))).toMatchObject({
      code: "SessionEnded",
    })
  })
})
