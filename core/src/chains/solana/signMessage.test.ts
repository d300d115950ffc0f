import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { signSolanaMessage } from "./signMessage"

const seedA = new Uint8Array(32).fill(1)
const seedB = new Uint8Array(32).fill(2)
const addressA = base58.encode(ed25519.getPublicKey(seedA))
const text = "Sign in to app.example"

/** A wallet whose answer to solana_signMessage is `reply` (what a real one might send back, bad or good). */
const replying = (reply: (message: Uint8Array) => unknown) => ({
  request: (request: { readonly method: string; readonly params?: unknown }) =>
    Effect.sync(() => reply(base58.decode((request.params as { message: string }).message))),
})

const run = (reply: (message: Uint8Array) => unknown) =>
  Effect.runPromise(Effect.result(signSolanaMessage(replying(reply), addressA, text)))

describe("signSolanaMessage", () => {
  it("returns the account's base58 ed25519 signature over the text's UTF-8 bytes", async () => {
    const result = await run((message) => ({ signature: base58.encode(ed25519.sign(message, seedA)) }))
    expect(result._tag).toBe("Success")
    if (result._tag === "Success")
      expect(
        ed25519.verify(
          base58.decode(result.success),
          new TextEncoder().encode(text),
          base58.decode(addressA),
        ),
      ).toBe(true)
  })

  it("refuses a signature by another key, a tampered one, and replies that are not signatures", async () => {
    const byB = (message: Uint8Array) => ({ signature: base58.encode(ed25519.sign(message, seedB)) })
    const tampered = (message: Uint8Array) => {
      const signature = ed25519.sign(message, seedA)
      signature[0] = (signature[0] ?? 0) ^ 1
      return { signature: base58.encode(signature) }
    }
    const short = (message: Uint8Array) => ({
      signature: base58.encode(ed25519.sign(message, seedA).slice(0, 63)),
    })
    for (const reply of [byB, tampered, short, () => ({}), () => "0xdead", () => ({ signature: "0OIl" })]) {
      const result = await run(reply)
      expect(result._tag).toBe("Failure")
      if (result._tag === "Failure") expect(result.failure).toMatchObject({ _tag: "InvalidWalletReplyError" })
    }
  })
})
