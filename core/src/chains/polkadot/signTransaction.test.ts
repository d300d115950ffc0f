import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import type { RpcRequest } from "../../connectors/Connector"
import type { PolkadotSignerPayload } from "./signerPayload"
import { signPolkadotTransaction } from "./signTransaction"

const address = "15hjAH9GXCLMkcSxeRcbdbtuQZ59pgL6rDU73FBknBprgNR8"
const payload: PolkadotSignerPayload = {
  address,
  blockHash: `0x${"11".repeat(32)}`,
  blockNumber: "0x00000393",
  era: "0x3503",
  genesisHash: "0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3",
  method: "0x0503001cbd2d43530a44705ad088af313e18f80b53ef16b36177cd4b77b846f2a5f07c0b00407a10f35a",
  nonce: "0x0000002a",
  specVersion: "0x000f4dfc",
  tip: "0x00000000000000000000000000000000",
  transactionVersion: "0x0000001a",
  signedExtensions: ["CheckSpecVersion", "CheckTxVersion", "CheckGenesis", "CheckMortality", "CheckNonce"],
  version: 4,
}

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
})
