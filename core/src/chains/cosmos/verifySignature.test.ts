import { secp256k1 } from "@noble/curves/secp256k1.js"
import { base64 } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cosmjs } from "../../testing/cosmosVectors.testSupport"
import { cosmosAddressOf } from "./address"
import { makeAdr036SignDoc } from "./adr036"
import { serializeAminoSignDoc } from "./aminoJson"
import { encodeSignDoc } from "./signDoc"
import {
  verifyCosmosAdr036Signature,
  verifyCosmosAminoSignature,
  verifyCosmosDirectSignature,
  verifyCosmosSignBytes,
} from "./verifySignature"

const reasonOf = (result: Result.Result<void, { readonly reason: string }>) =>
  Result.isFailure(result) ? result.failure.reason : "verified"

describe("cosmos signature verification", () => {
  it("accepts what cosmjs signed: ADR-036, amino and direct", () => {
    const adr036 = {
      signer: cosmjs.address,
      data: cosmjs.adr036.data,
      signature: cosmjs.adr036.signature,
    }
    expect(reasonOf(verifyCosmosAdr036Signature(adr036))).toBe("verified")
    expect(
      reasonOf(
        verifyCosmosAminoSignature({
          signerAddress: cosmjs.address,
          signDoc: cosmjs.amino.doc,
          signature: cosmjs.amino.signature,
        }),
      ),
    ).toBe("verified")
    expect(
      reasonOf(
        verifyCosmosDirectSignature({
          signerAddress: cosmjs.address,
          signDoc: cosmjs.direct.signDoc,
          signature: cosmjs.direct.signature,
        }),
      ),
    ).toBe("verified")
  })

  it("builds the ADR-036 document cosmjs signs", () => {
    const doc = makeAdr036SignDoc(cosmjs.address, cosmjs.adr036.data)
    expect(new TextDecoder().decode(Result.getOrThrow(serializeAminoSignDoc(doc)))).toBe(
      cosmjs.adr036.serialized,
    )
    // Bytes are taken as they are; a string as its UTF-8.
    expect(makeAdr036SignDoc(cosmjs.address, new TextEncoder().encode(cosmjs.adr036.data))).toEqual(doc)
  })

  it("refuses other data, another document, another chain's copy of the doc", () => {
    const signature = cosmjs.adr036.signature
    expect(reasonOf(verifyCosmosAdr036Signature({ signer: cosmjs.address, data: "hello", signature }))).toBe(
      "invalidSignature",
    )
    const direct = { signerAddress: cosmjs.address, signature: cosmjs.direct.signature }
    expect(
      reasonOf(
        verifyCosmosDirectSignature({
          ...direct,
          signDoc: { ...cosmjs.direct.signDoc, chainId: "cosmoshub-3" },
        }),
      ),
    ).toBe("invalidSignature")
    expect(
      reasonOf(
        verifyCosmosDirectSignature({ ...direct, signDoc: { ...cosmjs.direct.signDoc, accountNumber: 1n } }),
      ),
    ).toBe("invalidSignature")
  })

  it("ties the key to the signer: same key on another prefix is fine, another account's address is not", () => {
    // The ADR-036 doc names the signer, so the osmo form signs a different doc; check the raw bytes instead.
    const signBytes = encodeSignDoc(cosmjs.direct.signDoc)
    const signature = cosmjs.direct.signature
    expect(reasonOf(verifyCosmosSignBytes({ signerAddress: cosmjs.osmo, signBytes, signature }))).toBe(
      "verified",
    )
    const other = cosmosAddressOf(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()), "cosmos")
    expect(reasonOf(verifyCosmosSignBytes({ signerAddress: other, signBytes, signature }))).toBe(
      "addressMismatch",
    )
    expect(reasonOf(verifyCosmosSignBytes({ signerAddress: "cosmos1nope", signBytes, signature }))).toBe(
      "invalidAddress",
    )
  })

  it("says why a signature cannot be checked", () => {
    const signBytes = encodeSignDoc(cosmjs.direct.signDoc)
    const base = cosmjs.direct.signature
    const check = (signature: typeof base) =>
      reasonOf(verifyCosmosSignBytes({ signerAddress: cosmjs.address, signBytes, signature }))
    expect(check({ ...base, pub_key: { ...base.pub_key, type: "ethermint/PubKeyEthSecp256k1" } })).toBe(
      "unsupportedKey",
    )
    expect(check({ ...base, pub_key: { ...base.pub_key, value: base64.encode(new Uint8Array(32)) } })).toBe(
      "invalidReply",
    )
    expect(check({ ...base, signature: base64.encode(new Uint8Array(65)) })).toBe("invalidReply")
    // A high-s twin of a valid signature: the SDK refuses malleable signatures, so this does too.
    const parsed = secp256k1.Signature.fromBytes(base64.decode(base.signature), "compact")
    const highS = new secp256k1.Signature(parsed.r, secp256k1.Point.CURVE().n - parsed.s)
    expect(check({ ...base, signature: base64.encode(highS.toBytes("compact")) })).toBe("invalidSignature")
  })

  it("verifies any key's signature over any bytes, and no single-bit change of it", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), (signBytes, flip) => {
        const secret = secp256k1.utils.randomSecretKey()
        const publicKey = secp256k1.getPublicKey(secret)
        const signature = secp256k1.sign(signBytes, secret)
        const std = {
          pub_key: { type: "tendermint/PubKeySecp256k1", value: base64.encode(publicKey) },
          signature: base64.encode(signature),
        }
        const signerAddress = cosmosAddressOf(publicKey, "cosmos")
        expect(reasonOf(verifyCosmosSignBytes({ signerAddress, signBytes, signature: std }))).toBe("verified")
        const tampered = Uint8Array.from(signature)
        tampered[flip % 64] = (tampered[flip % 64] ?? 0) ^ (1 << (flip % 8))
        const result = verifyCosmosSignBytes({
          signerAddress,
          signBytes,
          signature: { ...std, signature: base64.encode(tampered) },
        })
        expect(reasonOf(result)).not.toBe("verified")
      }),
      { numRuns: 30 },
    )
  })
})
