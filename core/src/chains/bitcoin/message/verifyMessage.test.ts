import { base64 } from "@scure/base"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { loadVectors } from "../../../testing/vectors"
import { decodeBitcoinAddress } from "../../../validation/address/bitcoin"
import { verifyLegacySignature } from "./legacy"
import { verifyBitcoinMessage } from "./verifyMessage"

// Legacy signatures by the key L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1 (bitcoinjs-message's README
// key), made with bitcoinjs-message: the same r and s, four headers (uncompressed, P2PKH, P2SH-P2WPKH, P2WPKH).
const message = "This is an example of a signed message."
const body = "9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk="
const legacy = {
  p2pkh: { address: "1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV", signature: `H${body}` },
  uncompressed: { address: "1HZwkjkeaoZfTSaJxDw6aKkxp45agDiEzN", signature: `G${body}` },
  p2shP2wpkh: { address: "3DnW8JGpPViEZdpqat8qky1zc26EKbXnmM", signature: `I${body}` },
  p2wpkh: { address: "bc1qngw83fg8dz0k749cg7k3emc7v98wy0c74dlrkd", signature: `J${body}` },
}

const verify = (address: string, signature: string, text = message) =>
  Result.getOrThrow(verifyBitcoinMessage({ address, message: text, signature }))

describe("legacy ECDSA message signatures", () => {
  for (const [name, { address, signature }] of Object.entries(legacy))
    it(`verifies the ${name} signature for its address`, () => {
      expect(verify(address, signature)).toEqual({ valid: true, protocol: "ecdsa" })
    })

  it("accepts a segwit signature under the P2PKH header (wallets disagree on headers)", () => {
    expect(verify(legacy.p2wpkh.address, legacy.p2pkh.signature).valid).toBe(true)
  })

  it("refuses another message, another address, and an uncompressed key for a segwit address", () => {
    expect(verify(legacy.p2pkh.address, legacy.p2pkh.signature, `${message} `).valid).toBe(false)
    expect(verify(legacy.uncompressed.address, legacy.p2pkh.signature).valid).toBe(false)
    expect(verify(legacy.p2wpkh.address, legacy.uncompressed.signature).valid).toBe(false)
  })

  it("says ECDSA cannot sign for taproot", () => {
    const verdict = verify(
      "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
      legacy.p2pkh.signature,
    )
    expect(verdict).toMatchObject({
      valid: false,
      protocol: "ecdsa",
      reason: "ECDSA message signatures cannot sign for p2tr addresses",
    })
  })

  it("never accepts a changed signature byte", () => {
    const bytes = base64.decode(legacy.p2pkh.signature)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 255 }), (index, flip) => {
        const changed = Uint8Array.from(bytes)
        changed[index] = (changed[index] as number) ^ flip
        expect(verify(legacy.p2pkh.address, base64.encode(changed)).valid).toBe(false)
      }),
    )
  })
})

describe("verifyBitcoinMessage", () => {
  it("fails with a typed error only for an address that is not Bitcoin's", () => {
    const result = verifyBitcoinMessage({
      address: "0x0000000000000000000000000000000000000000",
      message,
      signature: "x",
    })
    expect(Result.isFailure(result) && result.failure.message).toBe(
      "Invalid address '0x0000000000000000000000000000000000000000'",
    )
  })

  it("gives a verdict (never throws) for any signature text", () => {
    fc.assert(
      fc.property(fc.string(), (signature) => {
        expect(typeof verify(legacy.p2wpkh.address, signature).valid).toBe("boolean")
      }),
    )
  })

  it("names the BIP-322 encoding it verified", () => {
    const verdict = verify(
      "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l",
      "smpAkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=",
      "",
    )
    expect(verdict).toMatchObject({ valid: true, protocol: "bip322-simple", lockTime: 0, sequence: 0 })
  })
})

describe("verifyBitcoinMessage on the edges", () => {
  const bodyBytes = base64.decode(legacy.p2pkh.signature).subarray(1)
  const withHeader = (header: number, length = 65) =>
    base64.encode(Uint8Array.from([header, ...bodyBytes, 0, 0].slice(0, length)))

  it("reads 65 bytes with a header of 27 to 42 as an ECDSA signature, anything else as BIP-322", () => {
    for (const header of [27, 42])
      expect(verify(legacy.p2pkh.address, withHeader(header))).toMatchObject({
        valid: false,
        protocol: "ecdsa",
      })
    for (const signature of [withHeader(26), withHeader(43), withHeader(31, 64), withHeader(31, 66)]) {
      const verdict = verify(legacy.p2pkh.address, signature)
      expect(verdict.valid).toBe(false)
      expect("protocol" in verdict).toBe(false)
    }
  })

  it("reads only compression from the header: a P2SH-P2WPKH header verifies for the P2PKH address", () => {
    expect(verify(legacy.p2pkh.address, legacy.p2shP2wpkh.signature)).toEqual({
      valid: true,
      protocol: "ecdsa",
    })
    expect(verify(legacy.p2shP2wpkh.address, legacy.p2wpkh.signature).valid).toBe(true)
    expect(verify(legacy.p2shP2wpkh.address, legacy.uncompressed.signature).valid).toBe(false)
    expect(verify(legacy.uncompressed.address, legacy.uncompressed.signature, "another").valid).toBe(false)
  })

  it("says whose key is missing, and which address types ECDSA cannot sign for", () => {
    expect(verify(legacy.p2pkh.address, legacy.p2pkh.signature, "another")).toEqual({
      valid: false,
      protocol: "ecdsa",
      inconclusive: false,
      reason: "the signature is not by this address's key",
    })
    const p2wsh = "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"
    expect(verify(p2wsh, legacy.p2pkh.signature)).toEqual({
      valid: false,
      protocol: "ecdsa",
      inconclusive: false,
      reason: "ECDSA message signatures cannot sign for p2wsh addresses",
    })
  })

  it("ignores blanks around the address and the signature, and quotes the address as given when it is not one", () => {
    expect(verify(` ${legacy.p2pkh.address}\n`, ` ${legacy.p2pkh.signature} `).valid).toBe(true)
    const result = verifyBitcoinMessage({ address: " bc1qnot ", message, signature: "" })
    expect(Result.isFailure(result) && result.failure).toMatchObject({
      _tag: "InvalidMessageSignatureError",
      message: "Invalid address ' bc1qnot '",
    })
  })

  const { vectors } = loadVectors<{
    id: string
    input: { message: string; address: string; signature: string }
  }>("bip322.json")
  const byId = (id: string) => {
    const vector = vectors.find((candidate) => candidate.id.startsWith(id))
    if (!vector) throw new Error(`no vector ${id}`)
    return Result.getOrThrow(verifyBitcoinMessage(vector.input))
  }

  it("names BIP-322 full and proof-of-funds signatures and passes their time, age and proven outputs on", () => {
    expect(byId("full: p2wpkh")).toEqual({
      valid: true,
      protocol: "bip322-full",
      lockTime: 2016,
      sequence: 2016,
      provenOutputs: [],
    })
    const proof = byId("proof_of_funds: p2pkh: '2JNEDD7IJDSYLREMJ6Q7PTCQJD'")
    expect(proof).toMatchObject({
      valid: true,
      protocol: "bip322-proof-of-funds",
      lockTime: 123,
      sequence: 456,
    })
    expect(proof.valid && proof.provenOutputs).toHaveLength(2)
  })

  it("passes a BIP-322 refusal on with its protocol once the encoding is known", () => {
    expect(byId("error: wrong message for p2wpkh full")).toEqual({
      valid: false,
      protocol: "bip322-full",
      inconclusive: false,
      reason: "the first input does not spend to_spend (wrong message or address)",
    })
    expect(byId("error: invalid base64 encoding")).toEqual({
      valid: false,
      inconclusive: false,
      reason: "signature is not valid base64",
    })
  })
})

describe("verifyLegacySignature", () => {
  const hashOf = (address: string) => {
    const decoded = decodeBitcoinAddress(address)
    if (decoded._tag !== "Success") throw new Error(address)
    return decoded.success.program
  }

  it("refuses a signature whose header is outside 27..42, even when r and s would recover the key", () => {
    const bytes = base64.decode(legacy.p2pkh.signature)
    expect(verifyLegacySignature(message, bytes, { kind: "p2pkh", hash: hashOf(legacy.p2pkh.address) })).toBe(
      true,
    )
    const outside = Uint8Array.from([(bytes[0] as number) + 12, ...bytes.subarray(1)])
    expect(
      verifyLegacySignature(message, outside, { kind: "p2pkh", hash: hashOf(legacy.p2pkh.address) }),
    ).toBe(false)
  })

  it("refuses a compressed key that is not the segwit address's, native or wrapped", () => {
    expect(verify(legacy.p2wpkh.address, legacy.p2wpkh.signature, "another message").valid).toBe(false)
    expect(verify(legacy.p2shP2wpkh.address, legacy.p2shP2wpkh.signature, "another message").valid).toBe(
      false,
    )
  })
})

// A BIP-322 simple signature for a nested segwit (P2SH-P2WPKH) address, as Xverse, Unisat and bip322-js make
// it: the witness only. Made by bip322-js 3.0.0's Signer with the BIP-322 vectors' key
// L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k; its Verifier accepts it.
const nested = {
  address: "37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb",
  signature:
    "AkcwRAIgRfq2Gfv9guFcXAf2vQEJSHX8FP5OuiHs1DSK1I0wk/0CIGPzqm6QNPTDJuki148OQ2DbJtXyrr71s4xYPwogQUupASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=",
}

describe("BIP-322 simple signatures for nested segwit addresses", () => {
  it("verifies one: the scriptSig (the redeem script) follows from the witness's key", () => {
    expect(verify(nested.address, nested.signature, "Hello World")).toMatchObject({
      valid: true,
      protocol: "bip322-simple",
    })
  })

  it("refuses it for another message, and for another P2SH address", () => {
    expect(verify(nested.address, nested.signature, "Hello World!").valid).toBe(false)
    expect(verify("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", nested.signature, "Hello World").valid).toBe(false)
  })
})
