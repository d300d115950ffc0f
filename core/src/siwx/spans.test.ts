import { deterministicKeypair, signBytes } from "@appkit/fixtures"
import { base58 } from "@scure/base"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { Storage } from "../storage/Storage"
import { testSigner } from "../testing/personalSign"
import { recordSpanNames } from "../testing/spans"
import { SiwxClient } from "./SiwxClient"
import { SiwxSessionStore } from "./SiwxSessionStore"
import { siwxClient } from "./siwxClientLayer"

/** The spans a sign-in flow opens, with the client on an in-memory store and a TestClock at 2030. */
const spanNames = <A, E>(effect: Effect.Effect<A, E, SiwxClient>) =>
  recordSpanNames(
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2030-01-01T00:00:00Z"))
      return yield* effect
    }).pipe(
      Effect.provide(
        siwxClient({ domain: "app.example", uri: "https://app.example" }).pipe(
          Layer.provide(SiwxSessionStore.layer),
          Layer.provide(Storage.memory),
        ),
      ),
      Effect.provide(TestClock.layer()),
    ),
  )

// Apps trace sign-in through these spans (dashboards and alerts key on their names).
describe("sign-in spans", () => {
  it("names each step of an eip155 sign-in: building, adding, the claims and the SIWE verification", async () => {
    const wallet = testSigner("spans key")
    const names = await spanNames(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        const { data, message } = yield* client.createMessage({
          chainId: "eip155:1",
          accountAddress: wallet.address,
        })
        yield* client.addSession({ data, message, signature: wallet.personalSign(message) })
      }),
    )
    expect(names).toEqual(
      expect.arrayContaining(["Siwx.createMessage", "Siwx.addSession", "Siwe.verify", "Siwx.checkClaims"]),
    )
  })

  it("names a one-click sign-in and a Sign-In With Solana verification", async () => {
    const wallet = testSigner("spans key")
    const key = deterministicKeypair("spans solana key")
    const chainId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    const message = [
      "app.example wants you to sign in with your Ethereum account:",
      wallet.address,
      "",
      "",
      "URI: https://app.example",
      "Version: 1",
      "Chain ID: 1",
      "Nonce: oneClick1234",
      "Issued At: 2030-01-01T00:00:00.000Z",
    ].join("\n")
    const p = {
      domain: "app.example",
      aud: "https://app.example",
      nonce: "oneClick1234",
      iss: `did:pkh:eip155:1:${wallet.address}`,
    }
    const cacao = { h: { t: "caip122" }, p, s: { t: "eip191", s: wallet.personalSign(message) } } as const
    const names = await spanNames(
      Effect.gen(function* () {
        const client = yield* SiwxClient
        yield* client.addWalletSignIn?.({ message, cacao }) ?? Effect.die("no addWalletSignIn")
        const created = yield* client.createMessage({ chainId, accountAddress: key.address })
        const signature = base58.encode(signBytes(key, new TextEncoder().encode(created.message)))
        yield* client.addSession({ ...created, signature })
      }),
    )
    expect(names).toEqual(expect.arrayContaining(["Siwx.addWalletSignIn", "Siws.verify"]))
  })
})
