import { ed25519 } from "@noble/curves/ed25519.js"
import { base58 } from "@scure/base"
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import type { SiwxSession } from "../domain/siwx"
import { createSolanaSiwxMessage, formatSolanaSiwxMessage } from "./solana/SolanaSiwxMessage"
import { verifySiwxMessage, verifySiwxSession } from "./verifySiwxSession"

const session = (chainId: string) =>
  ({
    data: {
      chainId,
      accountAddress: "addr",
      domain: "app.example",
      uri: "https://app.example",
      version: "1",
      nonce: "abcdefgh",
      issuedAt: "2030-01-01T00:00:00Z",
    },
    message: "text",
    signature: "sig",
  }) as SiwxSession

describe("verifySiwxSession", () => {
  it("sends each namespace to its verifier and says when there is none", async () => {
    const tagOf = (chainId: string) =>
      Effect.runPromise(
        Effect.match(verifySiwxSession(session(chainId), {}), {
          onFailure: (e) => e._tag,
          onSuccess: () => "ok",
        }),
      )
    // The message text is not a valid message of either scheme: each verifier says so in its own words.
    expect(await tagOf("eip155:1")).toBe("InvalidSiweMessage")
    expect(await tagOf("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe("InvalidSiweMessage")
    expect(await tagOf("polkadot:91b171bb158e2d3848fa23a9f1c25182")).toBe("UnsupportedSiwxNamespace")
    const unsupported = await Effect.runPromise(
      Effect.flip(verifySiwxSession(session("polkadot:91b171bb158e2d3848fa23a9f1c25182"), {})),
    )
    expect(unsupported.message).toBe(
      "Sign-in messages for polkadot:91b171bb158e2d3848fa23a9f1c25182 are not supported",
    )
  })

  it("names an impossible time option before reading the message, on each namespace", async () => {
    const tagOf = (chainId: string, time: string) =>
      Effect.runPromise(
        Effect.match(verifySiwxSession(session(chainId), { time }), {
          onFailure: (e) => e._tag,
          onSuccess: () => "ok",
        }),
      )
    for (const chainId of ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]) {
      expect(await tagOf(chainId, "2030-02-30T00:00:00Z")).toBe("InvalidVerifyTime")
      expect(await tagOf(chainId, "2030-02-28T00:00:00Z")).toBe("InvalidSiweMessage")
    }
  })

  it("holds a correctly signed message to the chain it is verified for (one reference character apart)", async () => {
    const seed = new Uint8Array(32).fill(9)
    const address = base58.encode(ed25519.getPublicKey(seed))
    const text = formatSolanaSiwxMessage(
      Result.getOrThrow(
        createSolanaSiwxMessage({
          domain: "app.example",
          address,
          uri: "https://app.example",
          version: "1",
          chainId: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
          nonce: "abcdefgh",
          issuedAt: "2026-01-01T00:00:00Z",
        }),
      ),
    )
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(text), seed))
    const verdict = (chainId: string) =>
      Effect.runPromise(
        Effect.match(verifySiwxMessage(chainId, text, signature, {}), {
          onFailure: (e) => e._tag,
          onSuccess: (signed) => signed.address,
        }),
      )
    expect(await verdict("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe(address)
    expect(await verdict("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdq")).toBe("SiwxChainMismatch")
    expect(await verdict("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1")).toBe("SiwxChainMismatch")
    const mismatch = await Effect.runPromise(
      Effect.flip(verifySiwxMessage("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", text, signature, {})),
    )
    expect(mismatch.message).toBe(
      "The message is for solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp, not solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
    )
  })
})
