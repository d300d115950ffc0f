import { referenceVectors } from "@appkit/fixtures"
import { hex } from "@scure/base"
import * as sr25519 from "@scure/sr25519"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import type { RpcRequest } from "../../connectors/Connector"
import { ProviderRpcError } from "../../errors/ProviderRpcError"
import { signPolkadotMessage } from "./signMessage"

// The dev mnemonic's sr25519 account (polkadot.js: mnemonicToMiniSecret, then the sr25519 pair).
const { polkadot } = referenceVectors
const secret = sr25519.secretFromSeed(hex.decode(polkadot.miniSecret))
const address = polkadot.sr25519.polkadot
const otherAddress = polkadot.ed25519.polkadot

/** A wallet in process: signs the hex `data` it is sent with the sr25519 key, recording each request. */
const wallet = (answer?: (data: Uint8Array) => unknown) => {
  const requests: Array<RpcRequest> = []
  const request = (rpc: RpcRequest) =>
    Effect.sync(() => {
      requests.push(rpc)
      const data = hex.decode((rpc.params as { data: string }).data.slice(2))
      return answer ? answer(data) : { signature: `0x${hex.encode(sr25519.sign(secret, data))}` }
    })
  return { request, requests }
}

describe("signPolkadotMessage", () => {
  it("sends polkadot_signMessage with the wrapped hex data and returns the checked signature", async () => {
    const { request, requests } = wallet()
    const signed = await Effect.runPromise(signPolkadotMessage(request, { address, message: "hello" }))
    expect(requests).toEqual([
      {
        method: "polkadot_signMessage",
        params: {
          address,
          data: `0x${hex.encode(new TextEncoder().encode("<Bytes>hello</Bytes>"))}`,
          type: "bytes",
        },
      },
    ])
    expect(signed.scheme).toBe("sr25519")
    expect(new TextDecoder().decode(signed.data)).toBe("<Bytes>hello</Bytes>")
    expect(
      sr25519.verify(signed.data, hex.decode(signed.signature.slice(2)), sr25519.getPublicKey(secret)),
    ).toBe(true)
  })

  it("refuses a reply that is not a signature, or one by another key", async () => {
    const cases: ReadonlyArray<[unknown, string]> = [
      ["0x00", "invalidReply"],
      [{ signature: "nope" }, "invalidReply"],
      [{ signature: `0x${"ab".repeat(32)}` }, "invalidReply"],
      [{ signature: `0x${"ab".repeat(64)}` }, "invalidSignature"],
    ]
    for (const [reply, reason] of cases) {
      const exit = await Effect.runPromiseExit(
        signPolkadotMessage(wallet(() => reply).request, { address, message: "hello" }),
      )
      expect(exit, JSON.stringify(reply)).toMatchObject(Exit.fail({ _tag: "PolkadotSignatureError", reason }))
    }
    // Signed by the right key, but as the other account: does not verify for that account.
    const exit = await Effect.runPromiseExit(
      signPolkadotMessage(wallet().request, { address: otherAddress, message: "x" }),
    )
    expect(exit).toMatchObject(Exit.fail({ reason: "invalidSignature" }))
  })

  it("refuses an address no wallet can hold before asking the wallet", async () => {
    const { request, requests } = wallet()
    const exit = await Effect.runPromiseExit(
      signPolkadotMessage(request, { address: "not-ss58", message: "x" }),
    )
    expect(exit).toMatchObject(Exit.fail({ _tag: "PolkadotSignatureError", reason: "invalidAddress" }))
    expect(requests).toEqual([])
  })

  it("passes the wallet's own refusal through untouched", async () => {
    const rejected = new ProviderRpcError({ code: 4001, message: "User rejected the request." })
    const exit = await Effect.runPromiseExit(
      signPolkadotMessage(() => Effect.fail(rejected), { address, message: "x" }),
    )
    expect(exit).toEqual(Exit.fail(rejected))
  })
})
