import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { SiwxSession } from "../domain/siwx"
import { verifySiwxSession } from "./verifySiwxSession"

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
  })
})
