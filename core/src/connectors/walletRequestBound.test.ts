import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { WalletRequestTimeout } from "../errors/wallet"
import { boundWalletRequest, defaultWalletRequestTimeout } from "./walletRequestBound"

const run = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.runPromise(effect.pipe(Effect.provide(TestClock.layer())))

describe("boundWalletRequest", () => {
  it("fails a request the wallet never answers exactly at the bound, naming the wallet and what to do", async () => {
    const result = await run(
      Effect.gen(function* () {
        const request = yield* Effect.forkChild(
          Effect.never.pipe(
            boundWalletRequest({ walletName: "Dev Wallet", method: "personal_sign", timeout: "10 seconds" }),
          ),
        )
        yield* TestClock.adjust("9999 millis")
        const before = request.pollUnsafe()
        yield* TestClock.adjust("1 millis")
        return { before, after: yield* Effect.exit(Fiber.join(request)) }
      }),
    )
    expect(result.before).toBeUndefined()
    expect(result.after).toEqual(
      Exit.fail(
        new WalletRequestTimeout({ walletName: "Dev Wallet", method: "personal_sign", timeoutMs: 10_000 }),
      ),
    )
    expect(
      new WalletRequestTimeout({ walletName: "Dev Wallet", method: "personal_sign", timeoutMs: 10_000 })
        .message,
    ).toBe(
      "Dev Wallet did not answer personal_sign within 10s: check that the wallet is open and still connected, then try again",
    )
  })

  it("passes an answer within the bound through untouched", async () => {
    const answer = await run(
      Effect.gen(function* () {
        const request = yield* Effect.forkChild(
          Effect.sleep("4 minutes").pipe(
            Effect.as("0xsigned"),
            boundWalletRequest({
              walletName: "W",
              method: "personal_sign",
              timeout: defaultWalletRequestTimeout,
            }),
          ),
        )
        yield* TestClock.adjust("4 minutes")
        return yield* Fiber.join(request)
      }),
    )
    expect(answer).toBe("0xsigned")
  })
})
