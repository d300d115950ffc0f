import { referenceVectors } from "@appkit/fixtures"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import type { RpcRequest } from "../../connectors/Connector"
import type { PolkadotSignerPayload } from "./signerPayload"
import { signPolkadotTransaction } from "./signTransaction"

const [{ payload }] = referenceVectors.polkadot.payloads
const { address } = payload

const replying = (reply: unknown) => {
  const requests: Array<RpcRequest> = []
  const request = (rpc: RpcRequest) =>
    Effect.sync(() => {
      requests.push(rpc)
      return reply
    })
  return { request, requests }
}

describe("signPolkadotTransaction", () => {
  it("sends the payload as WalletConnect's polkadot_signTransaction and returns the signature", async () => {
    const signature = `0x01${"ab".repeat(64)}`
    const { request, requests } = replying({ signature })
    expect(await Effect.runPromise(signPolkadotTransaction(request, payload))).toEqual({ signature })
    expect(requests).toEqual([
      { method: "polkadot_signTransaction", params: { address, transactionPayload: payload } },
    ])
  })

  it("refuses a malformed payload or signer before asking the wallet", async () => {
    const malformed = [
      { ...payload, nonce: "42" },
      { ...payload, signedExtensions: "CheckNonce" },
      { ...payload, address: "not-ss58" },
    ]
    for (const bad of malformed) {
      const { request, requests } = replying({ signature: `0x01${"ab".repeat(64)}` })
      const exit = await Effect.runPromiseExit(signPolkadotTransaction(request, bad as PolkadotSignerPayload))
      expect(exit).toMatchObject(Exit.fail({ _tag: "PolkadotSignatureError" }))
      expect(requests).toEqual([])
    }
  })

  it("refuses a reply that is not a 64- or 65-byte signature", async () => {
    for (const reply of [{ signature: "0x01" }, { sig: "0x" }, null]) {
      const exit = await Effect.runPromiseExit(signPolkadotTransaction(replying(reply).request, payload))
      expect(exit).toMatchObject(Exit.fail({ reason: "invalidReply" }))
    }
  })

  it("passes on the signed transaction a wallet returns when the payload asked for it (withSignedTransaction)", async () => {
    const signature = `0x01${"ab".repeat(64)}`
    const signedTransaction = `0x${"cd".repeat(120)}`
    const asked = { ...payload, withSignedTransaction: true }
    const { request } = replying({ signature, signedTransaction })
    expect(await Effect.runPromise(signPolkadotTransaction(request, asked))).toEqual({
      signature,
      signedTransaction,
    })
  })
})
