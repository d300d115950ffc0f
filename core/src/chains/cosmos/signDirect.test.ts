import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { inProcessWallet, osmosisAddressOf, wrongChainSigner } from "../../testing/cosmosWallet"
import { signCosmosDirect } from "./signDirect"
import type { CosmosSignDoc } from "./signDoc"

const signDoc: CosmosSignDoc = {
  bodyBytes: Uint8Array.of(10, 3, 1, 2, 3),
  authInfoBytes: Uint8Array.of(18, 2, 16, 1),
  chainId: "cosmoshub-4",
  accountNumber: 18446744073709551615n,
}

describe("signCosmosDirect", () => {
  it("sends the SignDoc as base64 and a decimal account number, and checks the signature", async () => {
    const wallet = inProcessWallet()
    const response = await Effect.runPromise(
      signCosmosDirect(wallet.request, { signerAddress: wallet.address, signDoc }),
    )
    expect(wallet.requests).toEqual([
      {
        method: "cosmos_signDirect",
        params: {
          signerAddress: wallet.address,
          signDoc: {
            chainId: "cosmoshub-4",
            accountNumber: "18446744073709551615",
            authInfoBytes: "EgIQAQ==",
            bodyBytes: "CgMBAgM=",
          },
        },
      },
    ])
    expect(response.signed).toEqual(signDoc)
  })

  it("refuses a signature over another document, and replies that are not a signed SignDoc", async () => {
    const replies: ReadonlyArray<[(honest: unknown) => unknown, string]> = [
      [
        (honest) => ({
          ...(honest as object),
          signed: { ...(honest as { signed: object }).signed, chainId: "x" },
        }),
        "invalidSignature",
      ],
      [
        (honest) => ({
          ...(honest as object),
          signed: { ...(honest as { signed: object }).signed, bodyBytes: "not base64!" },
        }),
        "invalidReply",
      ],
      [
        (honest) => ({
          ...(honest as object),
          signed: { ...(honest as { signed: object }).signed, accountNumber: "1e3" },
        }),
        "invalidReply",
      ],
      [() => ({ signature: "x" }), "invalidReply"],
    ]
    for (const [answer, reason] of replies) {
      const wallet = inProcessWallet((_, { honest }) => answer(honest))
      const exit = await Effect.runPromiseExit(
        signCosmosDirect(wallet.request, { signerAddress: wallet.address, signDoc }),
      )
      expect(exit).toMatchObject(Exit.fail({ _tag: "CosmosSignatureError", reason }))
    }
  })

  it("refuses a signer that is not a cosmos address before asking", async () => {
    const wallet = inProcessWallet()
    const exit = await Effect.runPromiseExit(
      signCosmosDirect(wallet.request, { signerAddress: "0xabc", signDoc }),
    )
    expect(exit).toMatchObject(Exit.fail({ reason: "invalidAddress" }))
    expect(wallet.requests).toEqual([])
  })

  it("refuses a signer whose bech32 prefix is not the SignDoc chain's (osmo1… on cosmoshub-4) before asking", async () => {
    const wallet = inProcessWallet()
    const osmo = osmosisAddressOf(wallet.address)
    const exit = await Effect.runPromiseExit(
      signCosmosDirect(wallet.request, { signerAddress: osmo, signDoc }),
    )
    expect(exit).toMatchObject(wrongChainSigner(osmo))
    expect(wallet.requests).toEqual([])
  })
})
